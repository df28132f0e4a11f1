import { enterDelay, leaveDelay, tooltipPosition } from './tooltip-timing';

describe('tooltips (SPEC §9 delays)', () => {
  it('appear 100 ms after a mouse or focus arrives and leave with it; on touch after a 700 ms press, staying 1500 ms', () => {
    expect([enterDelay('mouse'), enterDelay('focus'), enterDelay('touch')]).toEqual([100, 100, 700]);
    expect([leaveDelay('mouse'), leaveDelay('focus'), leaveDelay('touch')]).toEqual([0, 0, 1500]);
  });

  it('sit below their element, above it near the bottom, and never leave the screen', () => {
    const viewport = { width: 400, height: 800 };
    expect(tooltipPosition({ left: 100, top: 100, width: 40, height: 40 }, { width: 120, height: 30 }, viewport)).toEqual({ left: 60, top: 148, placement: 'below' });
    expect(tooltipPosition({ left: 100, top: 760, width: 40, height: 30 }, { width: 120, height: 30 }, viewport)).toEqual({ left: 60, top: 722, placement: 'above' });
    expect(tooltipPosition({ left: 370, top: 10, width: 30, height: 30 }, { width: 120, height: 30 }, viewport).left).toBe(272);
    expect(tooltipPosition({ left: 0, top: 10, width: 30, height: 30 }, { width: 120, height: 30 }, viewport).left).toBe(8);
  });
});
