import type { SamplePlace } from '../sample-place.js';
import { to } from './place-helpers.js';

export const EUROPE: SamplePlace[] = [
  {
    key: 'fr-arles', iso: 'FR', lat: 43.6766, lng: 4.6278, setting: 'town', biome: 'mediterranean', terrain: 'flat',
    town: { latin: 'Arles' }, destinations: [to('Nîmes', 31), to('Avignon', 37), to('Marseille', 92)], shopWord: 'Boulangerie',
  },
  {
    key: 'de-rothenburg', iso: 'DE', lat: 49.3772, lng: 10.1787, setting: 'town', biome: 'temperate', terrain: 'hills',
    town: { latin: 'Rothenburg ob der Tauber' }, destinations: [to('Ansbach', 35), to('Würzburg', 70), to('Nürnberg', 85)], shopWord: 'Bäckerei',
  },
  {
    key: 'gb-keswick', iso: 'GB', lat: 54.6009, lng: -3.1347, setting: 'rural', biome: 'temperate', terrain: 'mountains',
    town: { latin: 'Keswick' }, destinations: [to('Penrith', 29), to('Kendal', 48), to('Carlisle', 50)], shopWord: 'Chemist',
  },
  {
    key: 'ie-galway', iso: 'IE', lat: 53.2743, lng: -9.0514, setting: 'town', biome: 'temperate', terrain: 'flat',
    town: { latin: 'Galway', local: 'Gaillimh' },
    destinations: [to('Clifden', 79, 'An Clochán'), to('Athlone', 93, 'Baile Átha Luain'), to('Limerick', 105, 'Luimneach')],
    shopWord: 'Siopa',
  },
  {
    key: 'es-ronda', iso: 'ES', lat: 36.7423, lng: -5.1671, setting: 'town', biome: 'mediterranean', terrain: 'mountains',
    town: { latin: 'Ronda' }, destinations: [to('Marbella', 60), to('Málaga', 100), to('Sevilla', 130)], shopWord: 'Farmacia',
  },
  {
    key: 'pt-evora', iso: 'PT', lat: 38.5714, lng: -7.9135, setting: 'rural', biome: 'mediterranean', terrain: 'flat',
    town: { latin: 'Évora' }, destinations: [to('Estremoz', 46), to('Beja', 78), to('Lisboa', 135)], shopWord: 'Pastelaria',
  },
  {
    key: 'it-siena', iso: 'IT', lat: 43.3188, lng: 11.3308, setting: 'town', biome: 'mediterranean', terrain: 'hills',
    town: { latin: 'Siena' }, destinations: [to('Arezzo', 65), to('Firenze', 75), to('Grosseto', 75)], shopWord: 'Alimentari',
  },
  {
    key: 'nl-delft', iso: 'NL', lat: 52.0116, lng: 4.3571, setting: 'city', biome: 'temperate', terrain: 'flat',
    town: { latin: 'Delft' }, destinations: [to('Den Haag', 10), to('Rotterdam', 15), to('Leiden', 27)], shopWord: 'Apotheek',
  },
  {
    key: 'se-kiruna', iso: 'SE', lat: 67.8557, lng: 20.2251, setting: 'rural', biome: 'boreal', terrain: 'hills',
    town: { latin: 'Kiruna' }, destinations: [to('Abisko', 95), to('Gällivare', 120), to('Narvik', 180)], shopWord: 'Apotek',
  },
  {
    key: 'no-svolvaer', iso: 'NO', lat: 68.2343, lng: 14.5683, setting: 'town', biome: 'tundra', terrain: 'mountains',
    town: { latin: 'Svolvær' }, destinations: [to('Henningsvær', 25), to('Leknes', 68), to('Narvik', 235)], shopWord: 'Bakeri',
  },
  {
    key: 'fi-rovaniemi', iso: 'FI', lat: 66.5039, lng: 25.7294, setting: 'rural', biome: 'boreal', terrain: 'flat',
    town: { latin: 'Rovaniemi' }, destinations: [to('Kemi', 115), to('Sodankylä', 130), to('Oulu', 220)], shopWord: 'Apteekki',
  },
  {
    key: 'ru-suzdal', iso: 'RU', lat: 56.4197, lng: 40.4496, setting: 'town', biome: 'temperate', terrain: 'flat',
    town: { latin: 'Suzdal', local: 'Суздаль' },
    destinations: [to('Vladimir', 35, 'Владимир'), to('Ivanovo', 78, 'Иваново'), to('Moskva', 225, 'Москва')],
    shopWord: 'Продукты',
  },
  {
    key: 'gr-kalambaka', iso: 'GR', lat: 39.7064, lng: 21.627, setting: 'town', biome: 'mediterranean', terrain: 'mountains',
    town: { latin: 'Kalambaka', local: 'Καλαμπάκα' },
    destinations: [to('Trikala', 22, 'Τρίκαλα'), to('Larisa', 82, 'Λάρισα'), to('Ioannina', 130, 'Ιωάννινα')],
    shopWord: 'Φαρμακείο',
  },
  {
    key: 'is-vik', iso: 'IS', lat: 63.4186, lng: -19.006, setting: 'rural', biome: 'tundra', terrain: 'mountains',
    town: { latin: 'Vík' }, destinations: [to('Kirkjubæjarklaustur', 72), to('Selfoss', 130), to('Reykjavík', 185)], shopWord: 'Bakarí',
  },
  {
    key: 'tr-goreme', iso: 'TR', lat: 38.6431, lng: 34.8289, setting: 'town', biome: 'steppe', terrain: 'hills',
    town: { latin: 'Göreme' }, destinations: [to('Ürgüp', 9), to('Nevşehir', 13), to('Kayseri', 75)], shopWord: 'Eczane',
  },
];
