/**
 * The fixed demo accounts (password = user name). The demo data generator and the minimal seed create
 * them with `insertDemoAccounts` (./insertAccounts.ts) once the demo libraries exist.
 *
 * Library scoping: `storeCodes: 'all'` holds every library; otherwise the account holds exactly the
 * libraries with these codes, so every demo data set must create libraries with the codes listed in
 * DEMO_STORE_CODES (more libraries are fine).
 */
import type { Flavor, Role } from '../db/schema';

export interface DemoAccount {
  userName: string;
  /** Equals userName. */
  password: string;
  fullName: string;
  email: string | null;
  address: string;
  telephone: string;
  flavor: Flavor;
  role: Role;
  permissions: readonly string[];
  storeCodes: 'all' | readonly string[];
  /** user name of the creating account (parent.userName), null for the root admin. */
  parent: string | null;
}

/** Library codes the scoped demo accounts refer to; the first three libraries of every demo data set. */
export const DEMO_STORE_CODES = ['BIB-001', 'BIB-002', 'BIB-003'] as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    userName: 'admin',
    password: 'admin',
    fullName: 'Ana Administradora',
    email: null,
    address: 'Calle Mayor 1, Madrid',
    telephone: '+34 910 000 001',
    flavor: '{product}',
    role: 'admin',
    permissions: [],
    storeCodes: 'all',
    parent: null,
  },
  {
    userName: 'supervisor',
    password: 'supervisor',
    fullName: 'Sergio Supervisor',
    email: 'supervisor@example.com',
    address: 'Calle Mayor 2, Madrid',
    telephone: '+34 910 000 002',
    flavor: '{product}',
    role: 'supervisor',
    permissions: ['manager', 'inventories', 'statistics', 'alarms', 'imagesets'],
    storeCodes: 'all',
    parent: 'admin',
  },
  {
    userName: 'manager',
    password: 'manager',
    fullName: 'Marta Gestora',
    email: 'manager@example.com',
    address: 'Carrer Gran 3, Barcelona',
    telephone: '+34 930 000 003',
    flavor: '{product}',
    role: 'user',
    permissions: ['manager'],
    storeCodes: ['BIB-001', 'BIB-002'],
    parent: 'supervisor',
  },
  {
    userName: 'librarian',
    password: 'librarian',
    fullName: 'Luis Bibliotecario',
    email: 'librarian@example.com',
    address: 'Carrer Gran 4, Barcelona',
    telephone: '+34 930 000 004',
    flavor: '{product}',
    role: 'user',
    permissions: ['manager', 'inventories'],
    storeCodes: ['BIB-001', 'BIB-003'],
    parent: 'supervisor',
  },
  {
    userName: 'viewer',
    password: 'viewer',
    fullName: 'Vera Lectora',
    email: 'viewer@example.com',
    address: 'Rúa Nova 5, Santiago',
    telephone: '+34 981 000 005',
    flavor: '{product}',
    role: 'user',
    permissions: ['inventories'],
    storeCodes: 'all',
    parent: 'supervisor',
  },
];
