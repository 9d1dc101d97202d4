/**
 * Word lists for believable Spanish, Catalan and Galician catalogue data. Accents are deliberate:
 * searches must find "cancion" in "Canción" (accent-insensitive matching, spec data-areas §2).
 */
import type { Rng } from './generateRandom';

export type Language = 'es' | 'ca' | 'gl';

// prettier-ignore
const ES_NOUNS: readonly (readonly [string, 'm' | 'f'])[] = [
  ['canción', 'f'], ['corazón', 'm'], ['jardín', 'm'], ['árbol', 'm'], ['música', 'f'], ['pájaro', 'm'], ['océano', 'm'],
  ['ilusión', 'f'], ['tormenta', 'f'], ['memoria', 'f'], ['invierno', 'm'], ['ciudad', 'f'], ['sueño', 'm'], ['niño', 'm'],
  ['mañana', 'f'], ['lámpara', 'f'], ['estación', 'f'], ['camino', 'm'], ['silencio', 'm'], ['río', 'm'], ['montaña', 'f'],
  ['isla', 'f'], ['nación', 'f'], ['húsar', 'm'], ['relámpago', 'm'], ['cántaro', 'm'], ['brújula', 'f'], ['península', 'f'],
  ['sombra', 'f'], ['biblioteca', 'f'], ['cigüeña', 'f'], ['pingüino', 'm'], ['algodón', 'm'], ['marinero', 'm'],
  ['frontera', 'f'], ['herencia', 'f'], ['espejo', 'm'], ['tejado', 'm'], ['ventana', 'f'], ['guerra', 'f'], ['pasión', 'f'],
];
const ES_ADJ_M = [
  'perdido',
  'último',
  'dormido',
  'olvidado',
  'azul',
  'secreto',
  'lejano',
  'infinito',
  'pálido',
  'dorado',
  'oscuro',
  'invisible',
  'salvaje',
  'único',
  'tímido',
];
const ES_ADJ_F = [
  'perdida',
  'última',
  'dormida',
  'olvidada',
  'azul',
  'secreta',
  'lejana',
  'infinita',
  'pálida',
  'dorada',
  'oscura',
  'invisible',
  'salvaje',
  'única',
  'tímida',
];
const ES_PLACES = [
  'Sevilla',
  'Cádiz',
  'León',
  'Ávila',
  'Córdoba',
  'Málaga',
  'Logroño',
  'Cáceres',
  'Almería',
  'Jaén',
  'Gijón',
  'Badajoz',
  'Castellón',
  'Tenerife',
];
const ES_PATTERNS = [
  (n: string, g: 'm' | 'f', r: Rng) => `${g === 'm' ? 'El' : 'La'} ${n} ${g === 'm' ? r.pick(ES_ADJ_M) : r.pick(ES_ADJ_F)}`,
  (n: string, g: 'm' | 'f', r: Rng) => `${g === 'm' ? 'El' : 'La'} ${n} de ${r.pick(ES_PLACES)}`,
  (n: string, _g: 'm' | 'f', r: Rng) =>
    `Crónica de ${r.pick(['una', 'la'])} ${r.pick(['mañana', 'ilusión', 'canción', 'nación', 'estación'])} ${r.pick(ES_ADJ_F)} y ${n === 'ciudad' ? 'el río' : `el ${r.pick(['corazón', 'jardín', 'océano', 'invierno'])}`}`,
  (n: string, g: 'm' | 'f', r: Rng) => `Historia ${g === 'm' ? 'del' : 'de la'} ${n} ${g === 'm' ? r.pick(ES_ADJ_M) : r.pick(ES_ADJ_F)}`,
  (n: string, g: 'm' | 'f', r: Rng) => `Cuando ${g === 'm' ? 'el' : 'la'} ${n} ${r.pick(['despertó', 'habló', 'volvió', 'cantó', 'se apagó'])}`,
  (n: string, g: 'm' | 'f', r: Rng) => `Diccionario ${g === 'm' ? 'del' : 'de la'} ${n}${r.chance(0.5) ? ` (${r.int(2, 9)}.ª ed.)` : ''}`,
];

// prettier-ignore
const CA_NOUNS: readonly (readonly [string, 'm' | 'f'])[] = [
  ['cançó', 'f'], ['llàgrima', 'f'], ['ànima', 'f'], ['tardor', 'f'], ['mar', 'm'], ['ciutat', 'f'], ['somni', 'm'], ['nit', 'f'],
  ['rellotge', 'm'], ['jardí', 'm'], ['camí', 'm'], ['estiu', 'm'], ['música', 'f'], ['veïnat', 'm'], ['pluja', 'f'],
  ['paraula', 'f'], ['muntanya', 'f'], ['pèl·lícula', 'f'], ['illa', 'f'], ['família', 'f'], ['vaixell', 'm'], ['foc', 'm'],
];
const CA_ADJ_M = ['perdut', 'últim', 'adormit', 'oblidat', 'blau', 'secret', 'llunyà', 'infinit', 'daurat', 'fosc', 'tímid'];
const CA_ADJ_F = ['perduda', 'última', 'adormida', 'oblidada', 'blava', 'secreta', 'llunyana', 'infinita', 'daurada', 'fosca', 'tímida'];
const CA_PLACES = ['Girona', 'Lleida', 'Tarragona', 'Vic', 'Reus', 'Olot', 'Manresa', 'Figueres', 'Sabadell', 'Mataró'];
const caArticle = (n: string, g: 'm' | 'f') => (/^[aeiouàèéíòóú]/i.test(n) ? "L'" : g === 'm' ? 'El ' : 'La ');
const CA_PATTERNS = [
  (n: string, g: 'm' | 'f', r: Rng) => `${caArticle(n, g)}${n} ${g === 'm' ? r.pick(CA_ADJ_M) : r.pick(CA_ADJ_F)}`,
  (n: string, g: 'm' | 'f', r: Rng) => `${caArticle(n, g)}${n} de ${r.pick(CA_PLACES)}`,
  (n: string, _g: 'm' | 'f', r: Rng) => `Cançó de ${r.pick(["l'última tardor", 'la nit blava', 'mar endins', "l'estiu perdut"])} i ${n}`,
  (n: string, g: 'm' | 'f', r: Rng) => `Quan ${caArticle(n, g).toLowerCase()}${n} ${r.pick(['va tornar', 'parlava', 'cantava', 'es va apagar'])}`,
];

// prettier-ignore
const GL_NOUNS: readonly (readonly [string, 'm' | 'f'])[] = [
  ['canción', 'f'], ['corazón', 'm'], ['xardín', 'm'], ['néboa', 'f'], ['mar', 'm'], ['cidade', 'f'], ['soño', 'm'], ['noite', 'f'],
  ['camiño', 'm'], ['illa', 'f'], ['lúa', 'f'], ['muíño', 'm'], ['choiva', 'f'], ['memoria', 'f'], ['fronteira', 'f'],
];
const GL_ADJ_M = ['perdido', 'último', 'esquecido', 'azul', 'segredo', 'afastado', 'dourado', 'escuro'];
const GL_ADJ_F = ['perdida', 'última', 'esquecida', 'azul', 'segreda', 'afastada', 'dourada', 'escura'];
const GL_PATTERNS = [
  (n: string, g: 'm' | 'f', r: Rng) => `${g === 'm' ? 'O' : 'A'} ${n} ${g === 'm' ? r.pick(GL_ADJ_M) : r.pick(GL_ADJ_F)}`,
  (n: string, g: 'm' | 'f', r: Rng) => `${g === 'm' ? 'O' : 'A'} ${n} de ${r.pick(['Compostela', 'Lugo', 'Ourense', 'Vigo', 'Ferrol', 'Pontevedra'])}`,
];

/** A book title; libraries mostly hold titles in Spanish plus some in their own language. */
export function title(r: Rng, language: Language): string {
  const lang = language !== 'es' && r.chance(0.45) ? language : 'es';
  const [nouns, patterns] = lang === 'ca' ? [CA_NOUNS, CA_PATTERNS] : lang === 'gl' ? [GL_NOUNS, GL_PATTERNS] : [ES_NOUNS, ES_PATTERNS];
  const [noun, gender] = r.pick(nouns);
  const text = r.pick(patterns)(noun, gender, r);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const FIRST_NAMES = [
  'José',
  'María',
  'Ángel',
  'Inés',
  'Begoña',
  'Jesús',
  'Núria',
  'Jordi',
  'Mercè',
  'Àngels',
  'Xosé',
  'Íñigo',
  'Lucía',
  'Martí',
  'Sofía',
  'Raúl',
  'Andrés',
  'Mónica',
  'Óscar',
  'Rocío',
  'Joaquín',
  'Montserrat',
  'Pau',
  'Iria',
  'Tomás',
  'Belén',
  'Adrián',
  'Carmen',
  'Ramón',
  'Aitana',
  'Héctor',
  'Elena',
  'Víctor',
  'Noemí',
  'Fermín',
  'Ainhoa',
  'Gonzalo',
  'Maite',
  'Rubén',
  'Llúcia',
];
export const SURNAMES = [
  'García',
  'Martínez',
  'Núñez',
  'Peña',
  'Muñoz',
  'Ibáñez',
  'Gómez',
  'Rodríguez',
  'Font',
  'Puig',
  'Sánchez',
  'Fernández',
  'Pérez',
  'Iglesias',
  'Díaz',
  'Castaño',
  'Cortés',
  'Jiménez',
  'Álvarez',
  'López',
  'Vidal',
  'Ferrer',
  'Roig',
  'Fàbregas',
  'Domínguez',
  'Suárez',
  'Méndez',
  'Calvo',
  'Ortiz',
  'Marín',
  'Rubio',
  'Vázquez',
  'Castro',
  'Otero',
  'Rivas',
  'Pujol',
  'Solé',
  'Mas',
  'Gutiérrez',
  'Velázquez',
  'Benítez',
  'Bermúdez',
  'Santamaría',
  'Echevarría',
  'Gascón',
  'Añón',
];

/** 'Surname Surname, Name'. */
export function author(r: Rng): string {
  const first = r.pick(SURNAMES);
  return r.chance(0.6) ? `${first} ${r.pick(SURNAMES)}, ${r.pick(FIRST_NAMES)}` : `${first}, ${r.pick(FIRST_NAMES)}`;
}

export const PUBLISHERS = [
  'Anagrama',
  'Alfaguara',
  'Edicions 62',
  'Planeta',
  'Tusquets',
  'Siruela',
  'Cátedra',
  'Galaxia',
  'Acantilado',
  'Salamandra',
  'Destino',
  'Seix Barral',
  'Xerais',
  'Empúries',
  'Nórdica',
  'Impedimenta',
  'Austral',
  'Gredos',
  'Akal',
  'Bromera',
];

export const SUBJECTS = [
  'Novela',
  'Poesía',
  'Historia',
  'Ciencias',
  'Infantil',
  'Cómic',
  'Ensayo',
  'Teatro',
  'Música',
  'Viajes',
  'Cocina',
  'Filosofía',
  'Arte',
  'Biografía',
  'Informática',
  'Economía',
  'Psicología',
  'Derecho',
];

export const MATERIALS = ['Libro', 'Libro', 'Libro', 'Libro', 'DVD', 'Revista', 'Audiolibro', 'Cómic', 'CD', 'Libro infantil'];
