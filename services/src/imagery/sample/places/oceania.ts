import type { SamplePlace } from '../sample-place.js';
import { to } from './place-helpers.js';

export const OCEANIA: SamplePlace[] = [
  {
    key: 'au-alice-springs', iso: 'AU', lat: -23.698, lng: 133.8807, setting: 'rural', biome: 'desert', terrain: 'hills',
    town: { latin: 'Alice Springs' }, destinations: [to('Hermannsburg', 125), to('Yulara', 445), to('Tennant Creek', 505)], shopWord: 'Roadhouse',
  },
  {
    key: 'au-byron-bay', iso: 'AU', lat: -28.6474, lng: 153.602, setting: 'town', biome: 'tropical', terrain: 'hills',
    town: { latin: 'Byron Bay' }, destinations: [to('Ballina', 30), to('Lismore', 50), to('Brisbane', 165)], shopWord: 'Newsagency',
  },
  {
    key: 'nz-queenstown', iso: 'NZ', lat: -45.0312, lng: 168.6626, setting: 'town', biome: 'alpine', terrain: 'mountains',
    town: { latin: 'Queenstown' }, destinations: [to('Arrowtown', 20), to('Wanaka', 67), to('Te Anau', 170)], shopWord: 'Dairy',
  },
  {
    key: 'nz-rotorua', iso: 'NZ', lat: -38.1368, lng: 176.2497, setting: 'rural', biome: 'temperate', terrain: 'hills',
    town: { latin: 'Rotorua' }, destinations: [to('Tauranga', 60), to('Taupō', 80), to('Hamilton', 105)], shopWord: 'Takeaways',
  },
  {
    key: 'fj-nadi', iso: 'FJ', lat: -17.7765, lng: 177.4356, setting: 'town', biome: 'tropical', terrain: 'hills',
    town: { latin: 'Nadi' }, destinations: [to('Lautoka', 25), to('Sigatoka', 60), to('Suva', 190)], shopWord: 'Sitoa',
  },
];
