import { getDefaultStore } from 'jotai';
import { effectsAtom, musicAtom } from '../settings/settings-atoms';

/** The synthesised sounds made at build time by scripts/make-sounds.mjs (served from /sounds). */
export type Effect = 'click' | 'tick' | 'round-result';

const soundUrl = (name: string) => `/sounds/${name}.wav`;
const EFFECT_VOLUME = 0.5;
const MUSIC_VOLUME = 0.3;

/**
 * SPEC §9: clicks on buttons, radios, menu items and icons sound, unless an ancestor is marked
 * `data-no-sound`. Switches and tabs are buttons to a player, so they click too.
 */
const SOUNDING = 'button, [role="button"], [role="radio"], input[type="radio"], [role="menuitem"], [role="tab"], [role="switch"], input[type="checkbox"], .icon-button';

const store = getDefaultStore();
const effects = new Map<Effect, HTMLAudioElement>();
let music: HTMLAudioElement | null = null;
/** Browsers let a page start audio only after the player has interacted with it. */
let interacted = false;

function audible(): boolean {
  return document.visibilityState === 'visible';
}

/** Plays an effect when effects are on and the tab is in view; each file loads on its first use. */
export function playEffect(name: Effect): void {
  if (!store.get(effectsAtom) || !audible()) return;
  let audio = effects.get(name);
  if (!audio) {
    audio = new Audio(soundUrl(name));
    audio.volume = EFFECT_VOLUME;
    audio.dataset.sound = name;
    effects.set(name, audio);
  }
  audio.currentTime = 0;
  // A refused play (no interaction yet, a missing file) is not worth an error screen: the game goes on.
  audio.play().catch(() => undefined);
}

function syncMusic(): void {
  const wanted = store.get(musicAtom) && interacted && audible();
  if (!wanted) {
    music?.pause();
    return;
  }
  if (!music) {
    music = new Audio(soundUrl('music'));
    music.loop = true;
    music.volume = MUSIC_VOLUME;
    music.dataset.sound = 'music';
  }
  if (music.paused) music.play().catch(() => undefined);
}

/** Wires clicks, the music setting and tab visibility once for the whole page; returns the undo. */
export function startSounds(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(SOUNDING);
    if (!control || control.closest('[data-no-sound]') || control.matches(':disabled')) return;
    playEffect('click');
  };
  const onFirstInteraction = () => {
    if (interacted) return;
    interacted = true;
    syncMusic();
  };
  const onVisibility = () => {
    // SPEC §9: sounds pause while the tab is hidden.
    if (!audible()) for (const audio of effects.values()) audio.pause();
    syncMusic();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('pointerdown', onFirstInteraction, true);
  document.addEventListener('keydown', onFirstInteraction, true);
  document.addEventListener('visibilitychange', onVisibility);
  const unsubscribe = store.sub(musicAtom, syncMusic);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('pointerdown', onFirstInteraction, true);
    document.removeEventListener('keydown', onFirstInteraction, true);
    document.removeEventListener('visibilitychange', onVisibility);
    unsubscribe();
    music?.pause();
  };
}
