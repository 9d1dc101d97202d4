import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Cascader, Radio, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { type CompareItem, type CompareMode, compareUrl, getCompare, type ListParams, logger, type Store } from '@portal/api';
import { GenericList, isFirstPage, type ListColumn } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { useCataloguesTranslation } from '../catalogues/i18n';
import { itemFieldLabels } from '../catalogues/itemColumns';
import { NoLibrary } from '../catalogues/NoLibrary';
import { useCatalogue } from '../catalogues/useCatalogue';
import { formatInventoryDate, INVENTORY_DATE_FORMAT } from '../inventories/dates';
import { useInventoriesTranslation } from '../inventories/i18n';
import { ALL, cascaderOptions, compareIdOf, loadCompareChoices, sameChoice, scopeKey, scopeOf, type CascaderOption } from './compareModel';
import { COUNT_FAILED, useCompareCounts, type CountsRequest } from './useCompareCounts';

/**
 * /catalogues/{catalogueId}/compare: pick every inventory, a group or one section; toggle Missing or Exceeded,
 * each with its count. Exceeded adds date, section and the catalogue where the item was found (a link). Each
 * list can be exported and handed to Add Items To; no row actions. Back returns to the catalogue.
 */
export function ComparePage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  const id = Number(useParams().catalogueId);
  if (!store) return <NoLibrary title={title} />;
  if (!Number.isInteger(id) || id < 1) return <PageFrame title={title} />;
  return <Compare store={store} catalogueId={id} title={title} />;
}

function Compare({ store, catalogueId, title }: { store: Store; catalogueId: number; title: string }) {
  const { t } = useInventoriesTranslation();
  const catalogueT = useCataloguesTranslation().t;
  const navigate = useNavigate();
  const location = useLocation();
  const storeId = store.tid;
  const { catalogue } = useCatalogue(storeId, catalogueId);
  const [options, setOptions] = useState<CascaderOption[] | null>(null);
  const [choice, setChoice] = useState<string[]>([ALL]);
  const [mode, setMode] = useState<CompareMode>('MISSING');
  const [countsRequest, setCountsRequest] = useState<CountsRequest | null>(null);
  const scope = useMemo(() => scopeOf(choice), [choice]);
  const counts = useCompareCounts(countsRequest);

  useEffect(() => {
    loadCompareChoices(storeId)
      .then(({ groups, sections }) =>
        setOptions(
          cascaderOptions(groups, sections, {
            allInventories: t('allInventories'),
            ungrouped: t('ungrouped'),
            formatDate: (d) => formatInventoryDate(d, INVENTORY_DATE_FORMAT),
          }),
        ),
      )
      .catch((error: unknown) => {
        logger.error('Inventory groups not loaded', error);
        setOptions([]);
      });
  }, [storeId, t]);

  const fields = useMemo(() => itemFieldLabels(store, catalogueT), [store, catalogueT]);
  const columns = useMemo<ListColumn<CompareItem>[]>(() => {
    const base: ListColumn<CompareItem>[] = fields.map(({ key, label }) => ({ key, title: label }));
    if (mode === 'MISSING') return base;
    return [
      ...base,
      { key: 'date', title: t('date'), width: 170, minWidth: 170, render: (row) => formatInventoryDate(row.date) },
      { key: 'inventoryComment', title: t('inventoryComment'), width: 200, sortable: false, searchable: false },
      {
        key: 'catalogueName',
        title: t('foundIn'),
        width: 200,
        sortable: false,
        searchable: false,
        render: (row) => (row.catalogueId ? <Link to={`/catalogues/${row.catalogueId}`}>{row.catalogueName}</Link> : null),
      },
    ];
  }, [fields, mode, t]);

  const fetchPage = useCallback(
    (params: ListParams) => {
      // Each load of the list asks its counts again, with its scope (not before the list's first page as well).
      if (isFirstPage(params)) setCountsRequest({ storeId, catalogueId, scope });
      return getCompare(storeId, catalogueId, mode, scope, params);
    },
    [storeId, catalogueId, mode, scope],
  );
  const listLabel = mode === 'MISSING' ? t('missing') : t('exceeded');
  const count = (m: CompareMode) => {
    const n = counts[m];
    if (n === null) return <Spin size="small" />;
    return n === COUNT_FAILED ? '–' : n;
  };

  return (
    <PageFrame
      title={catalogue ? t('compareTitle', { name: catalogue.name }) : title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/catalogues/${catalogueId}`)}>
          {t('back')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Cascader
          aria-label={t('inventoryGroup')}
          style={{ minWidth: 'min(320px, 100%)', maxWidth: '100%' }}
          options={options ?? []}
          loading={options === null}
          value={choice}
          allowClear={false}
          changeOnSelect
          showSearch={{ filter: (input, path) => path.some((o) => String(o.label).toLowerCase().includes(input.toLowerCase())) }}
          placeholder={t('pickGroup')}
          onChange={(value) => setChoice((previous) => sameChoice(previous, (value ?? [ALL]).map(String)))}
        />
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as CompareMode)} optionType="button" buttonStyle="solid">
          <Radio.Button value="MISSING">
            <span data-testid="compare-missing">
              {t('missing')} ({count('MISSING')})
            </span>
          </Radio.Button>
          <Radio.Button value="EXCEEDED">
            <span data-testid="compare-exceeded">
              {t('exceeded')} ({count('EXCEEDED')})
            </span>
          </Radio.Button>
        </Radio.Group>
      </Space>
      <GenericList<CompareItem>
        listName={mode === 'MISSING' ? 'compareMissing' : 'compareExceeded'}
        columns={columns}
        fetchPage={fetchPage}
        resetKey={`${location.pathname}|${mode}|${scopeKey(scope)}`}
        exporter={{ url: `${compareUrl(storeId, catalogueId, mode, scope)}/export`, fileName: `${catalogue?.name ?? title} - ${listLabel}` }}
        addItemsTo={{ storeId, from: 'compare', parentId: catalogueId, compareId: compareIdOf(mode, scope) }}
      />
    </PageFrame>
  );
}
