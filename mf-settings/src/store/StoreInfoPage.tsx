import type { ReactNode } from 'react';
import { Descriptions, Tag } from 'antd';
import type { Store } from '@portal/api';
import { changeLibraryRequested, isStoreExpired, selectSelectedStore, useAppDispatch, useAppSelector } from '@portal/session';
import { NoLibrarySelected, PageFrame, type PageProps } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
import { SipLink } from '../stores/SipLink';

const FIELDS = [
  'code',
  'name',
  'country',
  'area',
  'province',
  'city',
  'address',
  'manager',
  'managertel',
  'capacity',
  'resetTime',
  'startTime',
  'endTime',
  'timezone',
  'expirationDate',
  'fieldCode',
  'fieldObjectId',
  'field1',
  'field2',
  'field3',
  'field4',
  'field5',
  'field6',
] as const satisfies readonly (keyof Store)[];

/** /store: the selected library's information, read-only (the header's Information entry). */
export function StoreInfoPage({ title }: PageProps) {
  const { t } = useSettingsTranslation();
  const dispatch = useAppDispatch();
  const store = useAppSelector(selectSelectedStore);
  if (!store) {
    return (
      <PageFrame title={title}>
        <NoLibrarySelected onSelectLibrary={() => dispatch(changeLibraryRequested())} />
      </PageFrame>
    );
  }
  const items: { key: string; label: string; children: ReactNode }[] = FIELDS.filter((key) => String(store[key]) !== '').map((key) => ({
    key,
    label: t(`stores.${key}`),
    children:
      key === 'expirationDate' && isStoreExpired(store) ? (
        <>
          {store[key]} <Tag color="red">{t('common:expired')}</Tag>
        </>
      ) : key === 'managertel' ? (
        // A phone number reads left to right in every language (in Arabic its groups would otherwise be reordered).
        <bdi dir="ltr">{store[key]}</bdi>
      ) : (
        String(store[key])
      ),
  }));
  items.push({ key: 'sipLink', label: t('stores.sipLink'), children: <SipLink code={store.code} /> });
  return (
    <PageFrame title={title}>
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="small" items={items} data-testid="store-info" />
    </PageFrame>
  );
}
