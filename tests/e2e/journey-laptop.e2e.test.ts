import { journeyOn } from '../support/journey.js';

/** Every SPEC §2 route, window and menu entry on a laptop, as a guest and signed in (tests/support/journey.ts). */
journeyOn('laptop');
