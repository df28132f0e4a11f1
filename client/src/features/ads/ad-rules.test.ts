import type { ClientAds } from '@globetrail/contracts';
import { decideAd } from './ad-rules';

const house: ClientAds = {
  mode: 'house',
  ads: [
    { id: 'a', image: '/ads/house/a', href: 'https://example.org/a', alt: 'A' },
    { id: 'b', image: '/ads/house/b', href: 'https://example.org/b', alt: 'B' },
  ],
  freePrefixes: ['dev-'],
};
const provider = (consentRequired: boolean): ClientAds => ({ mode: 'external', scriptUrl: 'https://ads.provider.example/tag.js', consentRequired, freePrefixes: ['dev-'] });

describe('what an ad slot shows', () => {
  it('shows nothing while ads are off or the configuration is not loaded', () => {
    expect(decideAd({ mode: 'off' }, 'u1', 'yes', 0)).toEqual({ show: 'nothing' });
    expect(decideAd(undefined, 'u1', 'yes', 0)).toEqual({ show: 'nothing' });
  });

  it('takes house ads in turn, and shows none to a player with an ad-free id', () => {
    expect([0, 1, 2].map((turn) => decideAd(house, null, null, turn))).toEqual([
      { show: 'house', ad: house.mode === 'house' ? house.ads[0] : null },
      { show: 'house', ad: house.mode === 'house' ? house.ads[1] : null },
      { show: 'house', ad: house.mode === 'house' ? house.ads[0] : null },
    ]);
    expect(decideAd(house, 'dev-ada', null, 0)).toEqual({ show: 'nothing' });
  });

  it('asks before a provider that needs consent, and after a "no" shows nothing', () => {
    expect(decideAd(provider(true), 'u1', null, 0)).toEqual({ show: 'ask' });
    expect(decideAd(provider(true), 'u1', 'no', 0)).toEqual({ show: 'nothing' });
    expect(decideAd(provider(true), 'u1', 'yes', 0)).toEqual({ show: 'provider', scriptUrl: 'https://ads.provider.example/tag.js' });
    expect(decideAd(provider(false), null, null, 0)).toEqual({ show: 'provider', scriptUrl: 'https://ads.provider.example/tag.js' });
    expect(decideAd(provider(true), 'dev-bo', 'yes', 0)).toEqual({ show: 'nothing' });
  });
});
