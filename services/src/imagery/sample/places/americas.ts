import type { SamplePlace } from '../sample-place.js';
import { to } from './place-helpers.js';

export const AMERICAS: SamplePlace[] = [
  {
    key: 'us-moab', iso: 'US', lat: 38.5733, lng: -109.5498, setting: 'rural', biome: 'desert', terrain: 'mountains',
    town: { latin: 'Moab' }, destinations: [to('Green River', 84), to('Monticello', 87), to('Grand Junction', 182)], shopWord: 'Diner',
  },
  {
    key: 'us-stowe', iso: 'US', lat: 44.4654, lng: -72.6874, setting: 'town', biome: 'temperate', terrain: 'mountains',
    town: { latin: 'Stowe' }, destinations: [to('Waterbury', 16), to('Montpelier', 35), to('Burlington', 58)], shopWord: 'General Store',
  },
  {
    key: 'ca-baie-saint-paul', iso: 'CA', lat: 47.4406, lng: -70.4986, setting: 'town', biome: 'boreal', terrain: 'hills',
    town: { latin: 'Baie-Saint-Paul' }, destinations: [to('La Malbaie', 50), to('Québec', 95), to('Saguenay', 175)], shopWord: 'Dépanneur',
  },
  {
    key: 'ca-banff', iso: 'CA', lat: 51.1784, lng: -115.5708, setting: 'rural', biome: 'boreal', terrain: 'mountains',
    town: { latin: 'Banff' }, destinations: [to('Canmore', 26), to('Lake Louise', 58), to('Calgary', 128)], shopWord: 'Pharmacy',
  },
  {
    key: 'mx-oaxaca', iso: 'MX', lat: 17.0732, lng: -96.7266, setting: 'city', biome: 'steppe', terrain: 'mountains',
    town: { latin: 'Oaxaca de Juárez' }, destinations: [to('Tlacolula', 31), to('Mitla', 45), to('Puebla', 340)], shopWord: 'Abarrotes',
  },
  {
    key: 'gt-antigua', iso: 'GT', lat: 14.5586, lng: -90.7295, setting: 'town', biome: 'tropical', terrain: 'mountains',
    town: { latin: 'Antigua Guatemala' },
    destinations: [to('Chimaltenango', 18), to('Ciudad de Guatemala', 40), to('Escuintla', 55)],
    shopWord: 'Tortillería',
  },
  {
    key: 'br-paraty', iso: 'BR', lat: -23.2178, lng: -44.7131, setting: 'town', biome: 'tropical', terrain: 'mountains',
    town: { latin: 'Paraty' }, destinations: [to('Ubatuba', 75), to('Angra dos Reis', 98), to('Rio de Janeiro', 240)], shopWord: 'Padaria',
  },
  {
    key: 'br-manacapuru', iso: 'BR', lat: -3.2997, lng: -60.6206, setting: 'rural', biome: 'tropical', terrain: 'flat',
    town: { latin: 'Manacapuru' }, destinations: [to('Iranduba', 60), to('Manaus', 85), to('Novo Airão', 115)], shopWord: 'Farmácia',
  },
  {
    key: 'ar-el-calafate', iso: 'AR', lat: -50.3379, lng: -72.2648, setting: 'rural', biome: 'steppe', terrain: 'hills',
    town: { latin: 'El Calafate' }, destinations: [to('El Chaltén', 215), to('Río Gallegos', 310)], shopWord: 'Almacén',
  },
  {
    key: 'cl-puerto-varas', iso: 'CL', lat: -41.3195, lng: -72.9854, setting: 'town', biome: 'temperate', terrain: 'hills',
    town: { latin: 'Puerto Varas' }, destinations: [to('Puerto Montt', 20), to('Frutillar', 27), to('Osorno', 95)], shopWord: 'Botillería',
  },
  {
    key: 'pe-cusco', iso: 'PE', lat: -13.532, lng: -71.9675, setting: 'city', biome: 'alpine', terrain: 'mountains',
    town: { latin: 'Cusco' }, destinations: [to('Pisac', 33), to('Urubamba', 57), to('Abancay', 195)], shopWord: 'Botica',
  },
  {
    key: 'co-salento', iso: 'CO', lat: 4.6378, lng: -75.5702, setting: 'rural', biome: 'tropical', terrain: 'mountains',
    town: { latin: 'Salento' }, destinations: [to('Armenia', 25), to('Pereira', 40), to('Manizales', 90)], shopWord: 'Droguería',
  },
  {
    key: 'ec-otavalo', iso: 'EC', lat: 0.2343, lng: -78.2615, setting: 'town', biome: 'alpine', terrain: 'mountains',
    town: { latin: 'Otavalo' }, destinations: [to('Cotacachi', 15), to('Ibarra', 25), to('Quito', 95)], shopWord: 'Tienda',
  },
  {
    key: 'uy-colonia', iso: 'UY', lat: -34.4626, lng: -57.84, setting: 'town', biome: 'temperate', terrain: 'flat',
    town: { latin: 'Colonia del Sacramento' },
    destinations: [to('Nueva Helvecia', 55), to('Carmelo', 77), to('Montevideo', 177)],
    shopWord: 'Panadería',
  },
];
