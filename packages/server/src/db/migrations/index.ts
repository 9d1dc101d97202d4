import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect';
import { dataModel } from './0001_data_model';
import { listIndexes } from './0002_list_indexes';
import { dashboardRollup } from './0003_dashboard_rollup';
import { itemSearchIndex } from './0004_item_search_index';
import { compareIndexes } from './0007_compare_indexes';
import { tokenVersion } from './0005_token_version';
import { alarmsList } from './0008_alarms_list';
import { sipOperationsList } from './0010_sip_operations_list';
import { itemEventsList } from './0012_item_events_list';
import { listSortIndexes } from './0015_list_sort_indexes';
import { uniqueItemsNames } from './0013_unique_items_names';
import { recordDayFigures } from './0017_record_day_figures';
import { compareTotals } from './0018_compare_totals';
import { importMoves } from './0020_import_moves';
import { sharedState } from './0014_shared_state';
import { sipOperationsDateIndex } from './0016_sip_operations_date_index';
import { postgresSearchBtrees } from './0024_postgres_search_btrees';
import { inventoryItemSearchIndex } from './0023_inventory_item_search_index';
import { inventoryItemEvents } from './0027_inventory_item_events';
import { devices } from './0028_devices';
import { deviceRows } from './0029_device_rows';
import { selfcheckSipOperations } from './0030_selfcheck_sip_operations';
import { compareStampedTotals, RETIRED } from './0031_compare_stamped_totals';
import { imageSetTokens } from './0032_image_set_tokens';

/**
 * In-code migration provider: migrations are compiled with the server (no file-system scanning), named
 * with a zero-padded sequence so Kysely's alphabetical order is the intended order. Never edit a released
 * migration; add the next number.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001_data_model': dataModel(dialect),
        '0002_list_indexes': listIndexes,
        '0003_dashboard_rollup': dashboardRollup(dialect),
        '0004_item_search_index': itemSearchIndex(dialect),
        '0007_compare_indexes': compareIndexes,
        '0005_token_version': tokenVersion,
        '0008_alarms_list': alarmsList,
        '0010_sip_operations_list': sipOperationsList,
        '0012_item_events_list': itemEventsList,
        '0015_list_sort_indexes': listSortIndexes(dialect),
        '0013_unique_items_names': uniqueItemsNames,
        '0017_record_day_figures': recordDayFigures(dialect),
        '0018_compare_totals': compareTotals(dialect),
        '0019_compare_total_deltas': RETIRED,
        '0021_compare_total_delta_cap': RETIRED,
        '0022_compare_delta_when': RETIRED,
        '0020_import_moves': importMoves,
        '0014_shared_state': sharedState(dialect),
        '0016_sip_operations_date_index': sipOperationsDateIndex(dialect),
        '0023_inventory_item_search_index': inventoryItemSearchIndex(dialect),
        '0025_compare_totals_from_start': RETIRED,
        '0024_postgres_search_btrees': postgresSearchBtrees(dialect),
        '0026_item_moves_now': RETIRED,
        '0027_inventory_item_events': inventoryItemEvents,
        '0028_devices': devices(dialect),
        '0029_device_rows': deviceRows,
        '0030_selfcheck_sip_operations': selfcheckSipOperations,
        '0031_compare_stamped_totals': compareStampedTotals(dialect),
        '0032_image_set_tokens': imageSetTokens(dialect),
      };
    },
  };
}
