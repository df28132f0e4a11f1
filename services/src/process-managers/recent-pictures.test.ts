import type { CommandExecutor } from '../app/command-executor.js';
import { RecentPictures } from './recent-pictures.js';

const HOUR = 60 * 60 * 1000;

describe('the pictures a player saw lately', () => {
  const recent = () => new RecentPictures({ onAppended: () => () => undefined } as unknown as CommandExecutor);

  it('are avoided for any of the players of the next game, whichever mode showed them', () => {
    const pictures = recent();
    pictures.record(['ada'], 'solo-place', 0);
    pictures.record(['ada', 'bob'], 'duel-place', 1);
    pictures.record(['cy'], 'other-place', 2);
    expect([...pictures.avoidFor(['ada'], 3)].sort()).toEqual(['duel-place', 'solo-place']);
    expect([...pictures.avoidFor(['bob', 'cy'], 3)].sort()).toEqual(['duel-place', 'other-place']);
    expect(pictures.avoidFor(['dee'], 3).size).toBe(0);
  });

  it('end with the session: a player away for six hours may see them again', () => {
    const pictures = recent();
    pictures.record(['ada'], 'a', 0);
    pictures.record(['ada'], 'b', 5 * HOUR);
    expect(pictures.avoidFor(['ada'], 10 * HOUR).size).toBe(2);
    expect(pictures.avoidFor(['ada'], 17 * HOUR).size).toBe(0);
  });

  it('keep the newest 300 a player saw', () => {
    const pictures = recent();
    for (let i = 0; i < 310; i++) pictures.record(['ada'], `p-${i}`, i);
    const avoided = pictures.avoidFor(['ada'], 400);
    expect(avoided.size).toBe(300);
    expect(avoided.has('p-9')).toBe(false);
    expect(avoided.has('p-309')).toBe(true);
  });
});
