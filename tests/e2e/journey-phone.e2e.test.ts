import { journeyOn } from '../support/journey.js';

/** Every SPEC §2 route, window and menu entry on a phone, as a guest and signed in (tests/support/journey.ts). */
journeyOn('phone');
