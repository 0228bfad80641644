#!/usr/bin/env node
// Renders the demo courses' cover images (shipped in the repository, so the
// demo needs no network) with Debian's Chromium. Run again after changing
// the designs: node scripts/render-demo-covers.mjs
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const out = path.resolve(import.meta.dirname, '../apps/server/src/db/demo-covers');
const covers = [
  { file: 'python.jpg', from: '#1e3a8a', to: '#2563eb', symbol: 'def', caption: 'Python' },
  { file: 'math.jpg', from: '#7c2d12', to: '#ea580c', symbol: '∑ x²', caption: 'НМТ · Математика' },
  { file: 'english.jpg', from: '#14532d', to: '#16a34a', symbol: 'Aa', caption: 'English A2' },
  { file: 'history.jpg', from: '#713f12', to: '#ca8a04', symbol: 'XX', caption: 'Історія України' },
  { file: 'physics.jpg', from: '#312e81', to: '#7c3aed', symbol: 'E=mc²', caption: 'Фізика' },
  { file: 'design.jpg', from: '#831843', to: '#db2777', symbol: '◐ ◑', caption: 'Web design' },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 800, height: 450 } });
for (const cover of covers) {
  await page.setContent(`<!doctype html><html><body style="margin:0">
    <div style="width:800px;height:450px;position:relative;overflow:hidden;font-family:'DejaVu Sans',sans-serif;
      background:linear-gradient(135deg, ${cover.from}, ${cover.to})">
      <div style="position:absolute;right:-80px;top:-80px;width:360px;height:360px;border-radius:50%;background:rgba(255,255,255,.10)"></div>
      <div style="position:absolute;left:-60px;bottom:-120px;width:300px;height:300px;border-radius:50%;background:rgba(255,255,255,.08)"></div>
      <div style="position:absolute;left:56px;top:120px;font-size:120px;font-weight:700;color:#fff;letter-spacing:-2px">${cover.symbol}</div>
      <div style="position:absolute;left:60px;bottom:56px;font-size:30px;color:rgba(255,255,255,.9)">${cover.caption}</div>
    </div></body></html>`);
  await page.screenshot({ path: path.join(out, cover.file), type: 'jpeg', quality: 80 });
  console.log('wrote', cover.file);
}
await browser.close();
