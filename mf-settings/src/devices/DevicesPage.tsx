import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { Divider, Spin } from 'antd';
import { getDeviceKeys, getSensors, type Store } from '@portal/api';
import { changeLibraryRequested, selectSelectedStoreId, selectStores, selectStoresLoading, useAppDispatch, useAppSelector } from '@portal/session';
import { NoLibrarySelected, PageFrame, type PageProps } from '@portal/ui';
import { DeviceKeysSection } from './DeviceKeysSection';
import { libraryNow } from './intakeExample';
import { SensorsSection } from './SensorsSection';
import { useLoaded } from './useLoaded';

/**
 * /stores/:storeId/devices, and /devices for the selected library: the library's sensors and device keys
 * (admins, or users with the devices permission on it; the server enforces).
 */
export function DevicesPage({ title }: PageProps) {
  const { storeId: param } = useParams();
  const selectedStoreId = useAppSelector(selectSelectedStoreId);
  const stores = useAppSelector(selectStores);
  const loading = useAppSelector(selectStoresLoading);
  const dispatch = useAppDispatch();
  const storeId = param === undefined ? selectedStoreId : Number(param);
  const store = stores.find((s) => s.tid === storeId);

  if (!store) {
    return <PageFrame title={title}>{loading ? <Spin /> : <NoLibrarySelected onSelectLibrary={() => dispatch(changeLibraryRequested())} />}</PageFrame>;
  }
  return <LibraryDevices key={store.tid} title={title} store={store} />;
}

function LibraryDevices({ title, store }: PageProps & { store: Store }) {
  const sensors = useLoaded(() => getSensors(store.tid), store.tid);
  const keys = useLoaded(() => getDeviceKeys(store.tid), store.tid);
  const exampleSensor = sensors.data?.find((s) => !s.retired) ?? null;
  const now = useCallback(() => libraryNow(store.timezone), [store.timezone]);
  return (
    <PageFrame title={`${title} · ${store.name}`}>
      <SensorsSection storeId={store.tid} libraryCapacity={store.capacity} sensors={sensors} />
      <Divider />
      <DeviceKeysSection storeId={store.tid} keys={keys} exampleSensorId={exampleSensor?.id ?? null} libraryNow={now} />
    </PageFrame>
  );
}
