/**
 * The demo libraries (stores) and their sensors. The first three carry the codes the demo accounts
 * refer to (DEMO_STORE_CODES). BIB-010 has expired and BIB-011 expires within days; two libraries run on
 * Canary Islands time; BIB-012 is a study room open round the clock, so every day (holidays and
 * Sundays included) has counter data.
 */
import type { NewStore } from '../db/schema';
import { DEMO_STORE_CODES } from './accounts';
import { addDays, dayOfWeek, isHoliday, localClock, parseTime, type LocalClock } from './generateCalendar';
import { isoAt, type GenContext } from './generateContext';
import type { Language } from './generateText';

/** What an item column holds; '' = the library leaves that label empty (column hidden). */
export type FieldKind = 'title' | 'author' | 'publisher' | 'year' | 'callNumber' | 'subject' | 'material' | '';

export type OpenDays = 'monSat' | 'monFri' | 'all' | 'always';

export interface CatalogueSpec {
  name: string;
  size: number;
  /** Has a sync URL (and auto sync). */
  sync: boolean;
}

export interface LibrarySpec {
  code: string;
  area: string;
  province: string;
  city: string;
  name: string;
  address: string;
  manager: string;
  managertel: string;
  capacity: number;
  resetTime: string;
  startTime: string;
  endTime: string;
  timezone: string;
  /** Days from the anchor day to the expiration date (negative: expired). */
  expiresInDays: number;
  language: Language;
  openDays: OpenDays;
  fieldObjectId: boolean;
  fields: readonly [FieldKind, FieldKind, FieldKind, FieldKind, FieldKind, FieldKind];
  /** Entrance sensors with the share of visitors using each. */
  sensors: readonly (readonly [string, number])[];
  catalogues: readonly CatalogueSpec[];
}

const cat = (name: string, size: number, sync = false): CatalogueSpec => ({ name, size, sync });

// prettier-ignore
export const LIBRARY_SPECS: readonly LibrarySpec[] = [
  {
    code: DEMO_STORE_CODES[0], area: 'Cataluña', province: 'Barcelona', city: 'Barcelona', name: 'Biblioteca Sant Antoni – Joan Oliver',
    address: 'Carrer del Comte Borrell 44', manager: 'Laia Puig Ferrer', managertel: '+34 933 000 101', capacity: 220,
    resetTime: '00:00', startTime: '09:00', endTime: '21:00', timezone: 'Europe/Madrid', expiresInDays: 400, language: 'ca',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', 'publisher', 'year', 'callNumber', 'material'],
    sensors: [['Entrada principal', 0.7], ['Entrada jardí', 0.3]],
    catalogues: [cat('Catàleg general', 6000, true), cat('Fons local', 800)],
  },
  {
    code: DEMO_STORE_CODES[1], area: 'Cataluña', province: 'Girona', city: 'Girona', name: 'Biblioteca Carles Rahola',
    address: 'Carrer de l’Emili Grahit 4', manager: 'Jordi Vila Roig', managertel: '+34 972 000 102', capacity: 150,
    resetTime: '00:00', startTime: '10:00', endTime: '20:30', timezone: 'Europe/Madrid', expiresInDays: 250, language: 'ca',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', '', 'year', '', 'callNumber'],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catàleg general', 3000)],
  },
  {
    code: DEMO_STORE_CODES[2], area: 'Madrid', province: 'Madrid', city: 'Madrid', name: 'Biblioteca Eugenio Trías',
    address: 'Paseo de Fernán Núñez 24 (Parque del Retiro)', manager: 'Lucía Gómez Núñez', managertel: '+34 910 000 103', capacity: 300,
    resetTime: '06:00', startTime: '08:30', endTime: '21:00', timezone: 'Europe/Madrid', expiresInDays: 520, language: 'es',
    openDays: 'all', fieldObjectId: true, fields: ['title', 'author', 'publisher', 'year', 'subject', 'callNumber'],
    sensors: [['Puerta norte', 0.5], ['Puerta sur', 0.35], ['Acceso jardín', 0.15]],
    catalogues: [cat('Catálogo general', 8000, true), cat('Hemeroteca', 1200)],
  },
  {
    code: 'BIB-004', area: 'Madrid', province: 'Madrid', city: 'Alcalá de Henares', name: 'Biblioteca Cardenal Cisneros',
    address: 'Plaza de San Julián 1', manager: 'Andrés Ibáñez Soto', managertel: '+34 918 000 104', capacity: 120,
    resetTime: '00:00', startTime: '09:00', endTime: '20:00', timezone: 'Europe/Madrid', expiresInDays: 180, language: 'es',
    openDays: 'monSat', fieldObjectId: false, fields: ['title', 'author', '', '', '', ''],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catálogo general', 2500)],
  },
  {
    code: 'BIB-005', area: 'Andalucía', province: 'Sevilla', city: 'Sevilla', name: 'Biblioteca Infanta Elena',
    address: 'Avenida de María Luisa 8', manager: 'Pablo Ruiz Peña', managertel: '+34 954 000 105', capacity: 180,
    resetTime: '00:00', startTime: '09:00', endTime: '21:00', timezone: 'Europe/Madrid', expiresInDays: 330, language: 'es',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', 'publisher', '', 'material', ''],
    sensors: [['Entrada principal', 0.8], ['Entrada sala infantil', 0.2]],
    catalogues: [cat('Catálogo general', 4000), cat('Sala infantil', 900)],
  },
  {
    code: 'BIB-006', area: 'Andalucía', province: 'Málaga', city: 'Málaga', name: 'Biblioteca Cánovas del Castillo',
    address: 'Calle Ollerías 34', manager: 'Rocío Marín Ortiz', managertel: '+34 952 000 106', capacity: 140,
    resetTime: '00:00', startTime: '09:30', endTime: '20:30', timezone: 'Europe/Madrid', expiresInDays: 95, language: 'es',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', '', 'year', '', ''],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catálogo general', 2500)],
  },
  {
    code: 'BIB-007', area: 'Canarias', province: 'Las Palmas', city: 'Las Palmas de Gran Canaria', name: 'Biblioteca Pública Las Palmas',
    address: 'Calle Muelle de Las Palmas s/n', manager: 'Héctor Suárez Benítez', managertel: '+34 928 000 107', capacity: 160,
    resetTime: '00:00', startTime: '08:30', endTime: '20:30', timezone: 'Atlantic/Canary', expiresInDays: 300, language: 'es',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', 'publisher', 'year', 'callNumber', ''],
    sensors: [['Entrada principal', 0.65], ['Entrada Muelle', 0.35]],
    catalogues: [cat('Catálogo general', 3500, true)],
  },
  {
    code: 'BIB-008', area: 'Canarias', province: 'Santa Cruz de Tenerife', city: 'San Cristóbal de La Laguna', name: 'Biblioteca Municipal de La Laguna',
    address: 'Calle Obispo Rey Redondo 12', manager: 'Noemí Méndez Rivas', managertel: '+34 922 000 108', capacity: 90,
    resetTime: '00:00', startTime: '09:00', endTime: '19:00', timezone: 'Atlantic/Canary', expiresInDays: 210, language: 'es',
    openDays: 'monFri', fieldObjectId: false, fields: ['title', 'author', 'publisher', '', '', 'subject'],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catálogo general', 1800)],
  },
  {
    code: 'BIB-009', area: 'Galicia', province: 'A Coruña', city: 'Santiago de Compostela', name: 'Biblioteca Ánxel Casal',
    address: 'Avenida de Galiza s/n', manager: 'Iria Otero Castro', managertel: '+34 981 000 109', capacity: 130,
    resetTime: '00:00', startTime: '08:30', endTime: '21:30', timezone: 'Europe/Madrid', expiresInDays: 150, language: 'gl',
    openDays: 'monFri', fieldObjectId: true, fields: ['title', 'author', '', 'year', 'callNumber', ''],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catálogo xeral', 2200)],
  },
  {
    code: 'BIB-010', area: 'Cataluña', province: 'Tarragona', city: 'Reus', name: 'Biblioteca Central Xavier Amorós',
    address: 'Carrer del Doctor Robert 4', manager: 'Martí Solé Pujol', managertel: '+34 977 000 110', capacity: 100,
    resetTime: '00:00', startTime: '10:00', endTime: '20:00', timezone: 'Europe/Madrid', expiresInDays: -40, language: 'ca',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', '', '', '', ''],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catàleg general', 1500)],
  },
  {
    code: 'BIB-011', area: 'Cataluña', province: 'Barcelona', city: 'Sabadell', name: 'Biblioteca del Nord',
    address: 'Plaça de la Sardana 1', manager: 'Montserrat Mas Vidal', managertel: '+34 937 000 111', capacity: 90,
    resetTime: '00:00', startTime: '10:00', endTime: '20:00', timezone: 'Europe/Madrid', expiresInDays: 9, language: 'ca',
    openDays: 'monSat', fieldObjectId: true, fields: ['title', 'author', 'publisher', '', '', ''],
    sensors: [['Entrada principal', 1]],
    catalogues: [cat('Catàleg general', 1500)],
  },
  {
    code: 'BIB-012', area: 'Madrid', province: 'Madrid', city: 'Madrid', name: 'Sala de Estudio 24 horas Pío Baroja',
    address: 'Calle Arganda 12', manager: 'Óscar Calvo Rubio', managertel: '+34 910 000 112', capacity: 110,
    resetTime: '05:00', startTime: '00:00', endTime: '23:55', timezone: 'Europe/Madrid', expiresInDays: 365, language: 'es',
    openDays: 'always', fieldObjectId: false, fields: ['title', 'author', '', '', '', ''],
    sensors: [['Acceso principal', 1]],
    catalogues: [cat('Fondo de consulta', 500)],
  },
];

// prettier-ignore
const FIELD_LABELS: Record<Language, Record<Exclude<FieldKind, ''>, string> & { code: string; objectId: string }> = {
  es: { code: 'Código de barras', objectId: 'RFID', title: 'Título', author: 'Autor', publisher: 'Editorial', year: 'Año', callNumber: 'Signatura', subject: 'Materia', material: 'Tipo de material' },
  ca: { code: 'Codi de barres', objectId: 'UID RFID', title: 'Títol', author: 'Autor', publisher: 'Editorial', year: 'Any', callNumber: 'Signatura', subject: 'Matèria', material: 'Tipus de material' },
  gl: { code: 'Código de barras', objectId: 'RFID', title: 'Título', author: 'Autor', publisher: 'Editorial', year: 'Ano', callNumber: 'Sinatura', subject: 'Materia', material: 'Tipo de material' },
};

export interface Sensor {
  id: number;
  name: string;
  weight: number;
}

export interface Library {
  spec: LibrarySpec;
  id: number;
  /** 1-based position (code numbers). */
  number: number;
  sensors: Sensor[];
  expirationDate: string;
  /** The library's wall clock now. */
  clock: LocalClock;
  /** First day of the generated history at this library. */
  firstDay: string;
  /** Last day with activity: today, or the expiration date when that is earlier. */
  lastDay: string;
  /** Opening hours in minutes after midnight (close exclusive). */
  open: number;
  close: number;
}

export function isOpenOn(spec: LibrarySpec, day: string): boolean {
  if (spec.openDays === 'always') return true;
  if (isHoliday(day, spec.area)) return false;
  const weekday = dayOfWeek(day);
  if (spec.openDays === 'all') return true;
  if (weekday === 0) return false;
  return spec.openDays === 'monSat' || weekday !== 6;
}

function storeRow(spec: LibrarySpec, ctx: GenContext): NewStore {
  const labels = FIELD_LABELS[spec.language];
  const label = (kind: FieldKind) => (kind ? labels[kind] : '');
  const created = isoAt(addDays(ctx.anchorDay, -(ctx.profile.days + 400)));
  return {
    code: spec.code,
    country: 'España',
    area: spec.area,
    province: spec.province,
    city: spec.city,
    name: spec.name,
    address: spec.address,
    manager: spec.manager,
    managertel: spec.managertel,
    capacity: spec.capacity,
    reset_time: spec.resetTime,
    start_time: spec.startTime,
    end_time: spec.endTime,
    timezone: spec.timezone,
    expiration_date: addDays(ctx.anchorDay, spec.expiresInDays),
    field_code: labels.code,
    field_object_id: spec.fieldObjectId ? labels.objectId : '',
    field1: label(spec.fields[0]),
    field2: label(spec.fields[1]),
    field3: label(spec.fields[2]),
    field4: label(spec.fields[3]),
    field5: label(spec.fields[4]),
    field6: label(spec.fields[5]),
    created_at: created,
    updated_at: created,
  };
}

/** Inserts the libraries and their sensors. */
export async function insertLibraries(ctx: GenContext): Promise<Library[]> {
  const stores = await ctx.db
    .insertInto('stores')
    .values(LIBRARY_SPECS.map((s) => storeRow(s, ctx)))
    .returning(['id', 'code', 'expiration_date', 'created_at'])
    .execute();
  const libraries: Library[] = [];
  for (const [i, spec] of LIBRARY_SPECS.entries()) {
    const store = stores.find((s) => s.code === spec.code)!;
    const sensors = await ctx.db
      .insertInto('sensors')
      .values(spec.sensors.map(([name]) => ({ store_id: store.id, name, capacity: null, created_at: store.created_at })))
      .returning(['id', 'name'])
      .execute();
    const clock = localClock(spec.timezone, ctx.now);
    const lastDay = store.expiration_date < clock.day ? store.expiration_date : clock.day;
    libraries.push({
      spec,
      id: store.id,
      number: i + 1,
      expirationDate: store.expiration_date,
      clock,
      lastDay,
      firstDay: addDays(clock.day, -(ctx.profile.days - 1)),
      sensors: sensors.map((s, k) => ({ id: s.id, name: s.name, weight: spec.sensors[k][1] })),
      open: parseTime(spec.startTime),
      close: spec.openDays === 'always' ? 24 * 60 : parseTime(spec.endTime),
    });
  }
  return libraries;
}

/** Every day of a library's history that has activity, oldest first. */
export function activeDays(library: Library): string[] {
  const days: string[] = [];
  for (let day = library.firstDay; day <= library.lastDay; day = addDays(day, 1)) days.push(day);
  return days;
}
