#!/usr/bin/env node
// Synthesises the game's sounds as WAV files (16-bit mono PCM) into public/sounds: no recorded audio is
// shipped, so nothing needs a licence. Deterministic: the same files on every build.
// Usage: node scripts/make-sounds.mjs [outDir]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds');
const RATE = 22_050;

/** A seeded source for the click's noise, so builds are byte-identical. */
function noise(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

const note = (semitonesFromA4) => 440 * 2 ** (semitonesFromA4 / 12);

/** A soft bell: a sine with a quiet octave, a 5 ms attack and an exponential decay. */
function bell(samples, startSeconds, frequency, seconds, gain, decay) {
  const start = Math.round(startSeconds * RATE);
  const length = Math.round(seconds * RATE);
  for (let i = 0; i < length && start + i < samples.length; i += 1) {
    const t = i / RATE;
    const envelope = Math.min(1, t / 0.005) * Math.exp(-decay * t);
    samples[start + i] += gain * envelope * (Math.sin(2 * Math.PI * frequency * t) + 0.25 * Math.sin(4 * Math.PI * frequency * t));
  }
}

function click() {
  const samples = new Float32Array(Math.round(0.03 * RATE));
  const random = noise(7);
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / RATE;
    samples[i] = Math.exp(-t * 260) * (0.5 * Math.sin(2 * Math.PI * 1_900 * t) + 0.25 * random());
  }
  return samples;
}

function tick() {
  const samples = new Float32Array(Math.round(0.12 * RATE));
  bell(samples, 0, note(12), 0.12, 0.5, 40);
  return samples;
}

function roundResult() {
  const samples = new Float32Array(Math.round(1.1 * RATE));
  bell(samples, 0, note(7), 1.0, 0.35, 5); // E5
  bell(samples, 0.12, note(11), 0.95, 0.3, 5); // G#5
  bell(samples, 0.24, note(14), 0.85, 0.3, 4.5); // B5
  return samples;
}

/** A calm 16-second loop: four pad chords (Am, F, C, G) under a slow arpeggio, ending where it began. */
function music() {
  const seconds = 16;
  const samples = new Float32Array(seconds * RATE);
  const chords = [
    [-12, -9, -5], // A3 C4 E4
    [-16, -12, -9], // F3 A3 C4
    [-21, -17, -14].map((n) => n + 12), // C4 E4 G4
    [-14, -10, -7], // G3 B3 D4
  ];
  chords.forEach((chord, index) => {
    const start = index * 4;
    for (const semitones of chord) {
      const frequency = note(semitones);
      for (let i = 0; i < 4 * RATE; i += 1) {
        const t = i / RATE;
        const envelope = Math.sin((Math.PI * t) / 4) ** 2;
        samples[start * RATE + i] += 0.07 * envelope * (Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(2 * Math.PI * frequency * 2.001 * t));
      }
    }
    chord.concat(chord[1] + 12).forEach((semitones, step) => bell(samples, start + step * 1, note(semitones + 12), 1.2, 0.06, 3));
  });
  return samples;
}

function wav(samples) {
  const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0) || 1;
  const scale = Math.min(1, 0.9 / peak);
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, index) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value * scale)) * 32_767), index * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

mkdirSync(outDir, { recursive: true });
const sounds = { click: click(), tick: tick(), 'round-result': roundResult(), music: music() };
for (const [name, samples] of Object.entries(sounds)) writeFileSync(join(outDir, `${name}.wav`), wav(samples));
console.log(`sounds: ${Object.keys(sounds).join(', ')} → ${outDir}`);
