import {
  AlertOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CodeOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  HomeOutlined,
  LineChartOutlined,
  PictureOutlined,
  ScanOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// The registry names icons by their @ant-design/icons export name. Only these are bundled (importing
// the whole icon set would add megabytes); an unknown name falls back to a neutral icon.
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CodeOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  HomeOutlined,
  LineChartOutlined,
  PictureOutlined,
  ScanOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
