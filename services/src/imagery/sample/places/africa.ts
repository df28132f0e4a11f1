import type { SamplePlace } from '../sample-place.js';
import { to } from './place-helpers.js';

export const AFRICA: SamplePlace[] = [
  {
    key: 'ma-chefchaouen', iso: 'MA', lat: 35.1688, lng: -5.2636, setting: 'town', biome: 'mediterranean', terrain: 'mountains',
    town: { latin: 'Chefchaouen', local: 'شفشاون' },
    destinations: [to('Tétouan', 60, 'تطوان'), to('Tanger', 115, 'طنجة'), to('Fès', 200, 'فاس')],
    shopWord: 'حانوت',
  },
  {
    key: 'eg-aswan', iso: 'EG', lat: 24.0889, lng: 32.8998, setting: 'city', biome: 'desert', terrain: 'flat',
    town: { latin: 'Aswan', local: 'أسوان' },
    destinations: [to('Kom Ombo', 45, 'كوم أمبو'), to('Edfu', 105, 'إدفو'), to('Luxor', 215, 'الأقصر')],
    shopWord: 'صيدلية',
  },
  {
    key: 'sn-thies', iso: 'SN', lat: 14.791, lng: -16.9359, setting: 'town', biome: 'savanna', terrain: 'flat',
    town: { latin: 'Thiès' }, destinations: [to('Mbour', 60), to('Dakar', 70), to('Saint-Louis', 200)], shopWord: 'Boutique',
  },
  {
    key: 'gh-cape-coast', iso: 'GH', lat: 5.1053, lng: -1.2466, setting: 'town', biome: 'tropical', terrain: 'flat',
    town: { latin: 'Cape Coast' }, destinations: [to('Elmina', 13), to('Takoradi', 75), to('Accra', 145)], shopWord: 'Chop Bar',
  },
  {
    key: 'ke-nanyuki', iso: 'KE', lat: 0.0167, lng: 37.0722, setting: 'rural', biome: 'savanna', terrain: 'hills',
    town: { latin: 'Nanyuki' }, destinations: [to('Nyeri', 60), to('Meru', 85), to('Nairobi', 200)], shopWord: 'Duka la Dawa',
  },
  {
    key: 'tz-arusha', iso: 'TZ', lat: -3.3869, lng: 36.683, setting: 'town', biome: 'savanna', terrain: 'mountains',
    town: { latin: 'Arusha' }, destinations: [to('Moshi', 80), to('Karatu', 140), to('Dodoma', 430)], shopWord: 'Duka',
  },
  {
    key: 'za-stellenbosch', iso: 'ZA', lat: -33.9321, lng: 18.8602, setting: 'town', biome: 'mediterranean', terrain: 'mountains',
    town: { latin: 'Stellenbosch' }, destinations: [to('Franschhoek', 30), to('Paarl', 32), to('Cape Town', 50)], shopWord: 'Apteek',
  },
  {
    key: 'na-swakopmund', iso: 'NA', lat: -22.6784, lng: 14.5266, setting: 'rural', biome: 'desert', terrain: 'flat',
    town: { latin: 'Swakopmund' }, destinations: [to('Walvis Bay', 35), to('Henties Bay', 75), to('Windhoek', 360)], shopWord: 'Bottle Store',
  },
];
