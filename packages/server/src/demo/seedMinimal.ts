/**
 * The smallest useful demo: four libraries (with sensors) and the demo accounts. Used when the full
 * demo generator (./generate.ts) is not available, and by tests that need realistic accounts.
 */
import type { Kysely } from 'kysely';
import type { Argon2Params } from '../auth/password';
import type { Database, NewStore } from '../db/schema';
import { insertDemoAccounts } from './insertAccounts';

function oneYearAhead(now: Date): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

export function minimalStores(now = new Date()): NewStore[] {
  const ts = now.toISOString();
  const base = {
    country: 'España',
    address: '',
    manager: '',
    managertel: '',
    capacity: 100,
    reset_time: '00:00',
    start_time: '09:00',
    end_time: '21:00',
    timezone: 'Europe/Madrid',
    expiration_date: oneYearAhead(now),
    field_code: 'Código',
    field_object_id: 'RFID',
    field1: 'Título',
    field2: 'Autor',
    field3: '',
    field4: '',
    field5: '',
    field6: '',
    created_at: ts,
    updated_at: ts,
  };
  return [
    {
      ...base,
      code: 'BIB-001',
      area: 'Cataluña',
      province: 'Barcelona',
      city: 'Barcelona',
      name: 'Biblioteca Sant Antoni',
      address: 'Carrer del Comte Borrell 44',
      manager: 'Laia Puig',
      managertel: '+34 933 000 101',
      capacity: 120,
    },
    {
      ...base,
      code: 'BIB-002',
      area: 'Cataluña',
      province: 'Girona',
      city: 'Girona',
      name: 'Biblioteca Carles Rahola',
      address: 'Carrer Emili Grahit 4',
      manager: 'Jordi Vila',
      managertel: '+34 972 000 102',
      capacity: 80,
    },
    {
      ...base,
      code: 'BIB-003',
      area: 'Madrid',
      province: 'Madrid',
      city: 'Madrid',
      name: 'Biblioteca Eugenio Trías',
      address: 'Paseo Fernán Núñez 24',
      manager: 'Lucía Gómez',
      managertel: '+34 910 000 103',
      capacity: 200,
    },
    {
      ...base,
      code: 'BIB-004',
      area: 'Andalucía',
      province: 'Sevilla',
      city: 'Sevilla',
      name: 'Biblioteca Infanta Elena',
      address: 'Avenida de María Luisa 8',
      manager: 'Pablo Ruiz',
      managertel: '+34 954 000 104',
      capacity: 60,
    },
  ];
}

export async function seedMinimal(db: Kysely<Database>, argon2: Argon2Params): Promise<void> {
  const now = new Date();
  const stores = await db.insertInto('stores').values(minimalStores(now)).returning(['id', 'name']).execute();
  await db
    .insertInto('sensors')
    .values(
      stores.flatMap((s) => [
        { store_id: s.id, name: `${s.name} - Entrada`, capacity: null, created_at: now.toISOString() },
        { store_id: s.id, name: `${s.name} - Sala infantil`, capacity: 20, created_at: now.toISOString() },
      ]),
    )
    .execute();
  await insertDemoAccounts(db, argon2);
}
