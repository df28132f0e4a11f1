import type { SamplePlace } from '../sample-place.js';
import { to } from './place-helpers.js';

export const ASIA: SamplePlace[] = [
  {
    key: 'jp-biei', iso: 'JP', lat: 43.5884, lng: 142.4668, setting: 'rural', biome: 'temperate', terrain: 'hills',
    town: { latin: 'Biei', local: '美瑛' },
    destinations: [to('Asahikawa', 25, '旭川'), to('Furano', 33, '富良野'), to('Sapporo', 165, '札幌')],
    shopWord: 'ラーメン',
  },
  {
    key: 'jp-takayama', iso: 'JP', lat: 36.1408, lng: 137.2522, setting: 'town', biome: 'temperate', terrain: 'mountains',
    town: { latin: 'Takayama', local: '高山' },
    destinations: [to('Gero', 50, '下呂'), to('Shirakawa-go', 50, '白川郷'), to('Matsumoto', 90, '松本')],
    shopWord: '薬局',
  },
  {
    key: 'kr-gyeongju', iso: 'KR', lat: 35.8562, lng: 129.2247, setting: 'town', biome: 'temperate', terrain: 'hills',
    town: { latin: 'Gyeongju', local: '경주' },
    destinations: [to('Pohang', 35, '포항'), to('Ulsan', 45, '울산'), to('Busan', 90, '부산')],
    shopWord: '약국',
  },
  {
    key: 'tw-hualien', iso: 'TW', lat: 23.9769, lng: 121.6044, setting: 'town', biome: 'tropical', terrain: 'mountains',
    town: { latin: 'Hualien', local: '花蓮' },
    destinations: [to('Xincheng', 20, '新城'), to('Yilan', 110, '宜蘭'), to('Taitung', 165, '臺東')],
    shopWord: '便利商店',
  },
  {
    key: 'th-chiang-mai', iso: 'TH', lat: 18.7883, lng: 98.9853, setting: 'city', biome: 'savanna', terrain: 'hills',
    town: { latin: 'Chiang Mai', local: 'เชียงใหม่' },
    destinations: [to('Mae Rim', 17, 'แม่ริม'), to('Lamphun', 26, 'ลำพูน'), to('Chiang Rai', 185, 'เชียงราย')],
    shopWord: 'ร้านขายยา',
  },
  {
    key: 'vn-hoi-an', iso: 'VN', lat: 15.8801, lng: 108.338, setting: 'town', biome: 'tropical', terrain: 'flat',
    town: { latin: 'Hội An' }, destinations: [to('Đà Nẵng', 30), to('Tam Kỳ', 60), to('Huế', 125)], shopWord: 'Nhà thuốc',
  },
  {
    key: 'id-ubud', iso: 'ID', lat: -8.5069, lng: 115.2625, setting: 'town', biome: 'tropical', terrain: 'hills',
    town: { latin: 'Ubud' }, destinations: [to('Gianyar', 10), to('Denpasar', 25), to('Kintamani', 35)], shopWord: 'Warung',
  },
  {
    key: 'my-melaka', iso: 'MY', lat: 2.1896, lng: 102.2501, setting: 'city', biome: 'tropical', terrain: 'flat',
    town: { latin: 'Melaka' }, destinations: [to('Muar', 45), to('Seremban', 85), to('Kuala Lumpur', 145)], shopWord: 'Kedai Runcit',
  },
  {
    key: 'in-jaipur', iso: 'IN', lat: 26.9124, lng: 75.7873, setting: 'city', biome: 'steppe', terrain: 'hills',
    town: { latin: 'Jaipur', local: 'जयपुर' },
    destinations: [to('Ajmer', 135, 'अजमेर'), to('Agra', 240, 'आगरा'), to('Delhi', 280, 'दिल्ली')],
    shopWord: 'दुकान',
  },
  {
    key: 'jo-wadi-musa', iso: 'JO', lat: 30.3222, lng: 35.4798, setting: 'town', biome: 'desert', terrain: 'mountains',
    town: { latin: 'Wadi Musa', local: 'وادي موسى' },
    destinations: [to("Ma'an", 35, 'معان'), to('Aqaba', 125, 'العقبة'), to('Amman', 230, 'عمّان')],
    shopWord: 'مطعم',
  },
  {
    key: 'il-tiberias', iso: 'IL', lat: 32.7922, lng: 35.5312, setting: 'town', biome: 'mediterranean', terrain: 'hills',
    town: { latin: 'Tiberias', local: 'טבריה' },
    destinations: [to('Nazareth', 30, 'נצרת'), to('Safed', 35, 'צפת'), to('Haifa', 70, 'חיפה')],
    shopWord: 'מאפייה',
  },
  {
    key: 'mn-ulaanbaatar', iso: 'MN', lat: 47.9186, lng: 106.9177, setting: 'city', biome: 'steppe', terrain: 'hills',
    town: { latin: 'Ulaanbaatar', local: 'Улаанбаатар' },
    destinations: [to('Zuunmod', 45, 'Зуунмод'), to('Terelj', 65, 'Тэрэлж'), to('Darkhan', 220, 'Дархан')],
    shopWord: 'Дэлгүүр',
  },
  {
    key: 'ph-baguio', iso: 'PH', lat: 16.4023, lng: 120.596, setting: 'city', biome: 'tropical', terrain: 'mountains',
    town: { latin: 'Baguio' }, destinations: [to('San Fernando', 55), to('Dagupan', 90), to('Manila', 250)], shopWord: 'Sari-sari Store',
  },
  {
    key: 'ru-listvyanka', iso: 'RU', lat: 51.8696, lng: 104.8307, setting: 'rural', biome: 'boreal', terrain: 'hills',
    town: { latin: 'Listvyanka', local: 'Листвянка' },
    destinations: [to('Irkutsk', 70, 'Иркутск'), to('Angarsk', 110, 'Ангарск'), to('Slyudyanka', 170, 'Слюдянка')],
    shopWord: 'Магазин',
  },
];
