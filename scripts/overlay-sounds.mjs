// Writes the overlay's shipped sounds (client/public/overlay-sounds/*.wav): short synthesized
// tones, 8-bit mono 11,025 Hz, so the product ships its own sounds with no third-party licence.
import { writeFileSync } from 'node:fs'

const RATE = 11025
function wav(notes) {
  const samples = []
  for (const [freq, seconds] of notes) {
    const n = Math.round(RATE * seconds)
    for (let i = 0; i < n; i++) {
      const fade = Math.min(1, i / 200, (n - i) / (n * 0.6))
      samples.push(128 + Math.round(90 * fade * Math.sin((2 * Math.PI * freq * i) / RATE)))
    }
  }
  const data = Buffer.from(samples)
  const h = Buffer.alloc(44)
  h.write('RIFF', 0)
  h.writeUInt32LE(36 + data.length, 4)
  h.write('WAVEfmt ', 8)
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(RATE, 24)
  h.writeUInt32LE(RATE, 28)
  h.writeUInt16LE(1, 32)
  h.writeUInt16LE(8, 34)
  h.write('data', 36)
  h.writeUInt32LE(data.length, 40)
  return Buffer.concat([h, data])
}
const out = new URL('../client/public/overlay-sounds/', import.meta.url)
writeFileSync(
  new URL('chime.wav', out),
  wav([
    [880, 0.15],
    [1320, 0.3],
  ]),
)
writeFileSync(
  new URL('coin.wav', out),
  wav([
    [988, 0.08],
    [1319, 0.35],
  ]),
)
writeFileSync(
  new URL('fanfare.wav', out),
  wav([
    [523, 0.15],
    [659, 0.15],
    [784, 0.15],
    [1047, 0.45],
  ]),
)
