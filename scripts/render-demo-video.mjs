#!/usr/bin/env node
// Renders the demo design lesson's short video (shipped in the repository,
// so the demo needs no network) with ffmpeg from generated sources: a
// gradient, three colour squares that slide in, and a caption in DejaVu.
// Run again after changing the design: node scripts/render-demo-video.mjs
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../apps/server/src/db/demo-media/design-intro.mp4');
const fonts = '/usr/share/fonts/truetype/dejavu';
const seconds = 6;
const squares = ['0x1D3557', '0xE9C46A', '0xF1FAEE'];

const inputs = [
  ['-f', 'lavfi', '-i', `color=c=0x831843:s=640x360:d=${seconds}:r=25`],
  ['-f', 'lavfi', '-i', `color=c=0xdb2777:s=640x360:d=${seconds}:r=25`],
  ...squares.map((colour) => ['-f', 'lavfi', '-i', `color=c=${colour}:s=60x60:d=${seconds}:r=25`]),
].flat();
const filters = [
  "[0][1]blend=all_expr='A*(1-X/W)+B*(X/W)'[bg]",
  // Each square slides in from the left, one after another, and stops in a row.
  ...squares.map((_, i) => {
    const from = i === 0 ? 'bg' : `s${i - 1}`;
    const stop = 200 + i * 90;
    return `[${from}][${i + 2}]overlay=x='min(${stop},-60+(t-${i * 0.6})*400)':y=170[s${i}]`;
  }),
  `[s${squares.length - 1}]drawtext=fontfile=${fonts}/DejaVuSans-Bold.ttf:text='Графічний дизайн':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=70:alpha='min(1,t/1.5)',` +
    `drawtext=fontfile=${fonts}/DejaVuSans.ttf:text='Колір · Форма · Шрифт':fontcolor=white@0.9:fontsize=26:x=(w-text_w)/2:y=290:alpha='min(1,max(0,t-2))',format=yuv420p`,
].join(';');

execFileSync(
  'ffmpeg',
  [
    ['-hide_banner', '-loglevel', 'error', '-y'],
    inputs,
    ['-filter_complex', filters, '-t', String(seconds)],
    ['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryslow', '-crf', '30'],
    ['-movflags', '+faststart', '-an', out],
  ].flat(),
  { stdio: 'inherit' },
);
console.log('wrote', path.relative(process.cwd(), out));
