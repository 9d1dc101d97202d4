/**
 * 0001: the full data model (see ../schema.ts for the conventions). Portable: the only dialect
 * difference is how an auto-increment primary key is declared.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';

type Table = CreateTableBuilder<string, never>;
type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: Col = (c) => c.notNull();

export function dataModel(dialect: Dialect): Migration {
  const withId = (t: Table): Table =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  const ref =
    (table: string, onDelete: 'cascade' | 'set null'): Col =>
    (c) =>
      c.references(`${table}.id`).onDelete(onDelete);

  const itemColumns = (t: Table): Table =>
    t
      .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
      .addColumn('code', 'text')
      .addColumn('object_id', 'text')
      .addColumn('field1', 'text')
      .addColumn('field2', 'text')
      .addColumn('field3', 'text')
      .addColumn('field4', 'text')
      .addColumn('field5', 'text')
      .addColumn('field6', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', notNull);

  /** A catalogue or a search list: a named, optionally synced list of items per library (same shape). */
  const createContainer = async (db: Kysely<unknown>, table: string, itemsTable: string, parentColumn: string) => {
    await withId(db.schema.createTable(table))
      .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
      .addColumn('name', 'text', notNull)
      .addColumn('sync_url', 'text')
      .addColumn('auto_sync', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sync', 'text')
      .addColumn('created_at', 'text', notNull)
      .addUniqueConstraint(`${table}_store_name_uq`, ['store_id', 'name'])
      .execute();
    await itemColumns(withId(db.schema.createTable(itemsTable)))
      .addColumn(parentColumn, 'integer', (c) => ref(table, 'cascade')(c.notNull()))
      .execute();
    const index = (suffix: string, columns: string[]) => db.schema.createIndex(`${itemsTable}_${suffix}_idx`).on(itemsTable).columns(columns).execute();
    await index('code', [parentColumn, 'code', 'object_id']);
    await index('object', [parentColumn, 'object_id']);
    await index('search', [parentColumn, 'search_text']);
    await index('store_code', ['store_id', 'code']);
  };

  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('stores'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('country', 'text', notNull)
        .addColumn('area', 'text', notNull)
        .addColumn('province', 'text', notNull)
        .addColumn('city', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('manager', 'text', notNull)
        .addColumn('managertel', 'text', notNull)
        .addColumn('capacity', 'integer', notNull)
        .addColumn('reset_time', 'text', notNull)
        .addColumn('start_time', 'text', notNull)
        .addColumn('end_time', 'text', notNull)
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/Madrid'))
        .addColumn('expiration_date', 'text', notNull)
        .addColumn('field_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field_object_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field1', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field2', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field3', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field4', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field5', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('field6', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('stores_region_idx').on('stores').columns(['area', 'province', 'city', 'name']).execute();

      await withId(db.schema.createTable('users'))
        .addColumn('user_name', 'text', (c) => c.notNull().unique())
        .addColumn('full_name', 'text', notNull)
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('telephone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('flavor', 'text', (c) => c.notNull().defaultTo('{product}'))
        .addColumn('role', 'text', notNull)
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('regions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('parent_id', 'integer', ref('users', 'set null'))
        .addColumn('avatar_file', 'text')
        .addColumn('avatar_mime', 'text')
        .addColumn('avatar_updated_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('users_parent_idx').on('users').column('parent_id').execute();

      await db.schema
        .createTable('user_stores')
        .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c.notNull()))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addPrimaryKeyConstraint('user_stores_pk', ['user_id', 'store_id'])
        .execute();
      await db.schema.createIndex('user_stores_store_idx').on('user_stores').column('store_id').execute();

      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c.primaryKey()))
        .addColumn('selected_store_id', 'integer')
        .addColumn('dashboard_items', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('visible_columns', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await db.schema
        .createTable('export_formats')
        .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c.primaryKey()))
        .addColumn('file_type', 'text', (c) => c.notNull().defaultTo('csv'))
        .addColumn('first_row_header', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('date_format', 'text', (c) => c.notNull().defaultTo('YYYY-MM-DD HH:mm:ss'))
        .addColumn('code_prefix', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('code_suffix', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('separator', 'text', (c) => c.notNull().defaultTo('comma'))
        .addColumn('other_separator', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('sensors'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('name', 'text', notNull)
        .addColumn('capacity', 'integer')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('sensors_store_idx').on('sensors').column('store_id').execute();

      await withId(db.schema.createTable('records'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('sensor_id', 'integer', (c) => ref('sensors', 'cascade')(c.notNull()))
        .addColumn('date', 'text', notNull)
        .addColumn('count_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('count_out', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('records_store_date_idx').on('records').columns(['store_id', 'date']).execute();
      await db.schema.createIndex('records_sensor_date_idx').on('records').columns(['sensor_id', 'date']).execute();

      await createContainer(db, 'catalogues', 'catalogue_items', 'catalogue_id');
      await createContainer(db, 'search_lists', 'search_list_items', 'search_list_id');

      await withId(db.schema.createTable('inventory_groups'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('name', 'text', notNull)
        .addColumn('catalogue_id', 'integer', ref('catalogues', 'set null'))
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('inventory_groups_store_name_uq', ['store_id', 'name'])
        .execute();
      await db.schema.createIndex('inventory_groups_catalogue_idx').on('inventory_groups').column('catalogue_id').execute();

      await withId(db.schema.createTable('inventories'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('group_id', 'integer', ref('inventory_groups', 'cascade'))
        .addColumn('comment', 'text', notNull)
        .addColumn('date', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('inventories_store_group_idx').on('inventories').columns(['store_id', 'group_id', 'comment']).execute();
      await db.schema.createIndex('inventories_store_date_idx').on('inventories').columns(['store_id', 'date']).execute();

      await itemColumns(withId(db.schema.createTable('inventory_items')))
        .addColumn('inventory_id', 'integer', (c) => ref('inventories', 'cascade')(c.notNull()))
        .addColumn('group_id', 'integer', ref('inventory_groups', 'cascade'))
        .addColumn('date', 'text', notNull)
        .addColumn('search_list_id', 'integer', ref('search_lists', 'set null'))
        .execute();
      await db.schema.createIndex('inventory_items_code_idx').on('inventory_items').columns(['inventory_id', 'code', 'object_id']).execute();
      await db.schema.createIndex('inventory_items_search_idx').on('inventory_items').columns(['inventory_id', 'search_text']).execute();
      await db.schema.createIndex('inventory_items_group_code_idx').on('inventory_items').columns(['store_id', 'group_id', 'code', 'object_id']).execute();
      await db.schema.createIndex('inventory_items_store_object_idx').on('inventory_items').columns(['store_id', 'object_id']).execute();
      await db.schema.createIndex('inventory_items_store_date_idx').on('inventory_items').columns(['store_id', 'date']).execute();

      await withId(db.schema.createTable('additional_operations'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('group_id', 'integer', ref('inventory_groups', 'cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('method', 'text', (c) => c.notNull().defaultTo('POST'))
        .addColumn('attach_data', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('additional_operations_group_idx').on('additional_operations').columns(['store_id', 'group_id', 'name']).execute();

      await db.schema
        .createTable('id_modifications')
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.primaryKey()))
        .addColumn('catalogue_items_modification', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('inventory_items_modification', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('item_events'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('code', 'text')
        .addColumn('object_id', 'text')
        .addColumn('date', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('inventory_id', 'integer', ref('inventories', 'set null'))
        .addColumn('inventory_group_id', 'integer', ref('inventory_groups', 'set null'))
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('item_events_store_date_idx').on('item_events').columns(['store_id', 'date']).execute();
      await db.schema.createIndex('item_events_store_code_idx').on('item_events').columns(['store_id', 'code', 'object_id']).execute();
      await db.schema.createIndex('item_events_search_idx').on('item_events').columns(['search_text']).execute();

      await withId(db.schema.createTable('alarms'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('sensor_id', 'integer', ref('sensors', 'set null'))
        .addColumn('sensor_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('date', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('antenna', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('uid', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('barcode', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title_identifier', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('circulation_status', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('alarm_activated', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('alarms_store_date_idx').on('alarms').columns(['store_id', 'date']).execute();

      await withId(db.schema.createTable('image_sets'))
        .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c.notNull()))
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('image_sets_user_name_uq', ['user_id', 'name'])
        .execute();

      await withId(db.schema.createTable('images'))
        .addColumn('image_set_id', 'integer', (c) => ref('image_sets', 'cascade')(c.notNull()))
        .addColumn('name', 'text', notNull)
        .addColumn('file', 'text', notNull)
        .addColumn('mime', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('images_set_name_uq', ['image_set_id', 'name'])
        .execute();

      await withId(db.schema.createTable('sip_operations'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('origin', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('patron_identifier', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('item_identifier', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title_identifier', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('transaction_date', 'text', notNull)
        .addColumn('due_date', 'text')
        .addColumn('execution_date', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sip_operations_store_date_idx').on('sip_operations').columns(['store_id', 'transaction_date']).execute();

      await withId(db.schema.createTable('selfcheck_operations'))
        .addColumn('store_id', 'integer', (c) => ref('stores', 'cascade')(c.notNull()))
        .addColumn('type', 'text', notNull)
        .addColumn('label', 'text', notNull)
        .addColumn('origin', 'text', notNull)
        .addColumn('date', 'text', notNull)
        .execute();
      await db.schema.createIndex('selfcheck_operations_store_type_date_idx').on('selfcheck_operations').columns(['store_id', 'type', 'date']).execute();
      await db.schema.createIndex('selfcheck_operations_store_date_idx').on('selfcheck_operations').columns(['store_id', 'date']).execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();

      await db.schema
        .createTable('signin_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', notNull)
        .addColumn('first_failure_at', 'text', notNull)
        .addColumn('locked_until', 'text')
        .execute();
    },

    async down(db: Kysely<any>) {
      const tables = [
        'signin_failures',
        'server_secrets',
        'selfcheck_operations',
        'sip_operations',
        'images',
        'image_sets',
        'alarms',
        'item_events',
        'id_modifications',
        'additional_operations',
        'inventory_items',
        'inventories',
        'inventory_groups',
        'search_list_items',
        'search_lists',
        'catalogue_items',
        'catalogues',
        'records',
        'sensors',
        'export_formats',
        'user_settings',
        'user_stores',
        'users',
        'stores',
      ];
      for (const t of tables) await db.schema.dropTable(t).execute();
    },
  };
}
