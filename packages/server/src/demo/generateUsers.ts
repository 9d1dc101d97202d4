/**
 * People and their things: the fixed demo accounts (accounts.ts) plus users of every role, flavour and
 * permission mix, user settings and export formats, image sets (with pictures when a file storage is
 * given), and per-library ID modification scripts.
 */
import { regionValues } from '@portal/contract';
import { hashPassword, type Argon2Params } from '../auth/password';
import type { Flavor, NewUser, Role } from '../db/schema';
import type { FileStorage } from '../storage/files';
import { DEMO_ACCOUNTS } from './accounts';
import { addDays } from './generateCalendar';
import { isoAt, type GenContext } from './generateContext';
import { bannerPng } from './generateImages';
import type { Library } from './generateLibraries';
import { insertDemoAccounts, newUserToken } from './insertAccounts';

interface ExtraUser {
  userName: string;
  fullName: string;
  email: string | null;
  telephone: string;
  flavor: Flavor;
  role: Role;
  permissions: string[];
  /** Region values chosen in the user form (areas, provinces or libraries by code); 'all' = every library. */
  regions: 'all' | string[];
  parent: string;
}

/** Password = user name, as for the demo accounts. */
// prettier-ignore
export const EXTRA_USERS: readonly ExtraUser[] = [
  { userName: 'alba.admin', fullName: 'Alba Ruiz Castro', email: 'alba.ruiz@example.com', telephone: '+34 910 000 021', flavor: 'LIBTECS', role: 'admin', permissions: [], regions: 'all', parent: 'admin' },
  { userName: 'diego.admin', fullName: 'Diego Álvarez Otero', email: null, telephone: '+34 981 000 022', flavor: 'DIALOCID', role: 'admin', permissions: [], regions: 'all', parent: 'admin' },
  { userName: 'sup.catalunya', fullName: 'Núria Font Pujol', email: 'nuria.font@example.com', telephone: '+34 933 000 023', flavor: '{product}', role: 'supervisor', permissions: ['manager', 'inventories', 'devices', 'statistics', 'capacity', 'alarms'], regions: ['area:Cataluña'], parent: 'admin' },
  { userName: 'sup.canarias', fullName: 'Aitana Domínguez Suárez', email: 'aitana.dominguez@example.com', telephone: '+34 928 000 024', flavor: 'DIALOCID', role: 'supervisor', permissions: ['manager', 'statistics', 'capacity', 'alarms', 'imagesets'], regions: ['area:Canarias'], parent: 'admin' },
  { userName: 'estadisticas', fullName: 'Ramón Gutiérrez Vázquez', email: 'ramon.gutierrez@example.com', telephone: '+34 910 000 025', flavor: '{product}', role: 'user', permissions: ['manager', 'statistics', 'capacity'], regions: ['area:Madrid'], parent: 'supervisor' },
  { userName: 'alarmas', fullName: 'Begoña Echevarría Ortiz', email: 'begona.echevarria@example.com', telephone: '+34 954 000 026', flavor: '{product}', role: 'user', permissions: ['manager', 'alarms'], regions: ['store:BIB-001', 'store:BIB-005'], parent: 'supervisor' },
  { userName: 'autoprestamo', fullName: 'Joaquín Bermúdez Rivas', email: 'joaquin.bermudez@example.com', telephone: '+34 928 000 027', flavor: '{product}', role: 'user', permissions: ['manager', 'imagesets'], regions: ['store:BIB-003', 'store:BIB-007'], parent: 'supervisor' },
  { userName: 'inventario.sevilla', fullName: 'Maite Benítez Gascón', email: 'maite.benitez@example.com', telephone: '+34 954 000 028', flavor: 'LIBTECS', role: 'user', permissions: ['manager', 'inventories'], regions: ['province:Andalucía|Sevilla'], parent: 'supervisor' },
  { userName: 'reus.caducada', fullName: 'Fermín Solé Mas', email: 'fermin.sole@example.com', telephone: '+34 977 000 029', flavor: '{product}', role: 'user', permissions: ['manager', 'inventories', 'statistics'], regions: ['store:BIB-010'], parent: 'sup.catalunya' },
  // Without 'manager' these two cannot sign in to the portal (USER_NO_PRIVILEGES).
  { userName: 'dispositivos', fullName: 'Llúcia Fàbregas Roig', email: 'llucia.fabregas@example.com', telephone: '+34 972 000 030', flavor: '{product}', role: 'user', permissions: ['devices'], regions: ['area:Cataluña'], parent: 'sup.catalunya' },
  { userName: 'aforo', fullName: 'Xosé Castro Iglesias', email: 'xose.castro@example.com', telephone: '+34 981 000 031', flavor: 'DIALOCID', role: 'user', permissions: ['capacity'], regions: ['area:Galicia'], parent: 'supervisor' },
];

/** Region values ('store:<code>' is resolved to the library id) and the libraries they expand to. */
function resolveRegions(regions: 'all' | string[], libraries: Library[]): { values: string[]; storeIds: number[] } {
  if (regions === 'all') return { values: [], storeIds: libraries.map((l) => l.id) };
  const values = regions.map((v) => {
    if (!v.startsWith('store:')) return v;
    const library = libraries.find((l) => l.spec.code === v.slice(6));
    return `store:${library!.id}`;
  });
  const storeIds = libraries
    .filter((l) => regionValues({ tid: l.id, area: l.spec.area, province: l.spec.province, city: l.spec.city }).some((r) => values.includes(r)))
    .map((l) => l.id);
  return { values, storeIds };
}

export async function generateUsers(ctx: GenContext, libraries: Library[], argon2: Argon2Params): Promise<Record<string, number>> {
  const ids = await insertDemoAccounts(ctx.db, argon2);
  const created = isoAt(addDays(ctx.anchorDay, -200));
  for (const user of EXTRA_USERS) {
    const { values, storeIds } = resolveRegions(user.regions, libraries);
    const row: NewUser = {
      user_name: user.userName,
      full_name: user.fullName,
      address: 'Calle de la Biblioteca 1',
      telephone: user.telephone,
      email: user.email,
      password_hash: await hashPassword(user.userName, argon2),
      flavor: user.flavor,
      role: user.role,
      permissions: JSON.stringify(user.permissions),
      regions: JSON.stringify(values),
      token: newUserToken(),
      image_set_token: newUserToken(),
      parent_id: ids[user.parent],
      created_at: created,
      updated_at: created,
    };
    const { id } = await ctx.db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
    ids[user.userName] = id;
    if (storeIds.length)
      await ctx.db
        .insertInto('user_stores')
        .values(storeIds.map((s) => ({ user_id: id, store_id: s })))
        .execute();
  }

  // Each demo account starts on its first library, so the dashboard and the items pages open with data.
  const first = libraries[0];
  const settings = [...DEMO_ACCOUNTS.map((a) => a.userName), 'estadisticas', 'reus.caducada'];
  for (const userName of settings) {
    const held = await ctx.db.selectFrom('user_stores').select('store_id').where('user_id', '=', ids[userName]).orderBy('store_id').execute();
    await ctx.db
      .insertInto('user_settings')
      .values({
        user_id: ids[userName],
        selected_store_id: held[0]?.store_id ?? first.id,
        dashboard_items: '{}',
        visible_columns: '{}',
        updated_at: created,
      })
      .execute();
  }
  await ctx.db
    .insertInto('export_formats')
    .values([
      {
        user_id: ids.supervisor,
        file_type: 'xlsx',
        first_row_header: 1,
        date_format: 'YYYY-MM-DD HH:mm:ss',
        code_prefix: '',
        code_suffix: '',
        separator: 'comma',
        other_separator: '',
        updated_at: created,
      },
      {
        user_id: ids.librarian,
        file_type: 'csv',
        first_row_header: 1,
        date_format: 'DD/MM/YYYY HH:mm',
        code_prefix: '',
        code_suffix: '',
        separator: 'semicolon',
        other_separator: '',
        updated_at: created,
      },
      {
        user_id: ids['sup.catalunya'],
        file_type: 'txt',
        first_row_header: 0,
        date_format: 'YYYY/MM/DD HH:mm',
        code_prefix: '*',
        code_suffix: '*',
        separator: 'other',
        other_separator: '|',
        updated_at: created,
      },
    ])
    .execute();
  return ids;
}

// prettier-ignore
const IMAGE_SETS: readonly { owner: string; name: string; description: string; images: number }[] = [
  { owner: 'admin', name: 'Pantalla de bienvenida', description: 'Imágenes en reposo de los puestos de autopréstamo', images: 3 },
  { owner: 'admin', name: 'Horario de verano', description: 'Avisos del horario de julio y agosto', images: 2 },
  { owner: 'supervisor', name: 'Campaña de lectura', description: 'Club de lectura y recomendaciones del mes', images: 2 },
  { owner: 'autoprestamo', name: 'Autopréstamo – Sala infantil', description: 'Pantallas para el puesto infantil', images: 3 },
  { owner: 'autoprestamo', name: 'Avisos de cierre', description: '', images: 0 },
];

// prettier-ignore
const COLOURS: readonly (readonly [number, number, number])[] = [[22, 119, 255], [250, 173, 20], [82, 196, 26], [245, 34, 45], [114, 46, 209], [19, 194, 194]];

/** Image sets; their pictures only when a storage is given (an image row must have its file). */
export async function generateImageSets(
  ctx: GenContext,
  userIds: Record<string, number>,
  storage: FileStorage | undefined,
): Promise<{ sets: number; images: number }> {
  let images = 0;
  for (const [s, set] of IMAGE_SETS.entries()) {
    const createdAt = isoAt(addDays(ctx.anchorDay, -(120 - s * 15)), '10:00:00');
    const { id } = await ctx.db
      .insertInto('image_sets')
      .values({
        user_id: userIds[set.owner],
        name: set.name,
        description: set.description,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!storage) continue;
    for (let k = 1; k <= set.images; k += 1) {
      const data = bannerPng(320, 180, COLOURS[(s + k) % COLOURS.length], COLOURS[(s + 2 * k + 1) % COLOURS.length]);
      const file = `imagesets/demo-${s + 1}-${k}.png`;
      await storage.write(file, data);
      await ctx.db
        .insertInto('images')
        .values({
          image_set_id: id,
          name: `pantalla-${k}.png`,
          file,
          mime: 'image/png',
          size: data.length,
          created_at: isoAt(addDays(ctx.anchorDay, -(120 - s * 15)), `10:0${k}:00`),
        })
        .execute();
      images += 1;
    }
  }
  return { sets: IMAGE_SETS.length, images };
}

// prettier-ignore
const SCRIPTS: readonly (readonly [string, string])[] = [
  // Applied to every id entering the library's items (manual, import, sync, Add Items To): ordinary codes
  // such as INV-1 pass unchanged, so imports of the end-to-end tests keep their codes.
  ['return id.trim().toUpperCase();', "// Old labels carry a leading 'B' before the digits.\nreturn /^B\\d+$/.test(id) ? id.slice(1) : id.trim();"],
  ['return id.replace(/\\s+/g, \'\');', ''],
  ['', 'return id.length === 16 ? id.toUpperCase() : id.trim();'],
  ["// Barcodes printed with a check digit: drop it.\nreturn id.length === 13 ? id.slice(0, 12) : id;", 'return id.trim();'],
];

/** ID modification scripts (bodies taking `id`) for a few libraries. */
export async function generateIdModifications(ctx: GenContext, libraries: Library[]): Promise<number> {
  const chosen = libraries.filter((l) => [1, 3, 5, 7].includes(l.number));
  await ctx.db
    .insertInto('id_modifications')
    .values(
      chosen.map((l, i) => ({
        store_id: l.id,
        catalogue_items_modification: SCRIPTS[i][0],
        inventory_items_modification: SCRIPTS[i][1],
        updated_at: isoAt(addDays(ctx.anchorDay, -30)),
      })),
    )
    .execute();
  return chosen.length;
}
