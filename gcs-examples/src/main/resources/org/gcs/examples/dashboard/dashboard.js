// The GCS dashboard: polls api/state every second and redraws the sites, the trees, the flows and the member rate
// charts. Plain JavaScript, no library, no external address; SVG is written as markup into <svg> elements.
'use strict';

const POLL_MS = 1000;
const WINDOW_MS = 120000;

function esc(text) {
  const entities = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
  return String(text).replace(/[&<>"']/g, c => entities[c]);
}

function rate(bytesPerSec) {
  if (bytesPerSec === null || bytesPerSec === undefined) return '–';
  const units = ['B/s', 'kB/s', 'MB/s', 'GB/s'];
  let value = bytesPerSec, unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
  return value.toFixed(value < 10 && unit > 0 ? 2 : value < 100 ? 1 : 0) + ' ' + units[unit];
}

function number(value, digits) {
  if (value === null || value === undefined) return '–';
  return value === 0 ? '0' : Number(value).toPrecision(digits);
}

function renderSites(sites) {
  const html = sites.map(site => {
    const members = site.members.map(m =>
      `<li data-member="${esc(m)}"${m === site.delegate ? ' class="delegate"' : ''}>${esc(m)}</li>`).join('');
    return `<div class="site" data-site="${esc(site.name)}"><h3>${esc(site.name)}</h3><ul>${members}</ul></div>`;
  }).join('');
  document.getElementById('sites').innerHTML = html || '<span class="empty">no sites yet</span>';
}

// Lays the tree out by depth from the root: one row per depth, the sites of a row spread evenly.
function layout(tree) {
  const children = {};
  tree.edges.forEach(e => (children[e.parent] = children[e.parent] || []).push(e.child));
  const rows = [];
  const depth = {};
  const queue = [tree.root];
  depth[tree.root] = 0;
  while (queue.length) {
    const site = queue.shift();
    (rows[depth[site]] = rows[depth[site]] || []).push(site);
    (children[site] || []).sort().forEach(child => {
      if (!(child in depth)) { depth[child] = depth[site] + 1; queue.push(child); }
    });
  }
  const width = 560, height = 190, at = {};
  rows.forEach((row, d) => row.forEach((site, i) => {
    const rowGap = Math.min(75, (height - 50) / Math.max(1, rows.length - 1));
    at[site] = {x: width * (i + 1) / (row.length + 1), y: 20 + d * rowGap};
  }));
  return at;
}

function renderTree(group) {
  const tree = group.tree;
  if (!tree) {
    return `<div class="tree-group" data-group="${esc(group.name)}"><h3>${esc(group.name)}</h3>`
      + '<span class="empty">no tree yet</span></div>';
  }
  const at = layout(tree);
  const edges = tree.edges.filter(e => at[e.parent] && at[e.child]).map(e => {
    const a = at[e.parent], b = at[e.child];
    return `<g class="tree-edge" data-edge="${esc(e.parent + '>' + e.child)}">`
      + `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"></line>`
      + `<text class="rtt" x="${0.4 * a.x + 0.6 * b.x + 4}" y="${0.4 * a.y + 0.6 * b.y}">`
      + `${number(e.rttMs, 3)} ms</text></g>`;
  }).join('');
  const nodes = Object.keys(at).map(site => {
    const p = at[site], root = site === tree.root;
    return `<g class="tree-site${root ? ' root' : ''}" data-tree-site="${esc(site)}">`
      + `<circle cx="${p.x}" cy="${p.y}" r="9"></circle>`
      + `<text class="label" x="${p.x}" y="${p.y + 24}">${esc(site)}${root ? ' (root)' : ''}</text></g>`;
  }).join('');
  return `<div class="tree-group" data-group="${esc(group.name)}" data-root="${esc(tree.root)}">`
    + `<h3>group ${esc(group.name)} <span class="caption">${esc(tree.strategy)} v${tree.version}, `
    + `${group.members} members</span></h3>`
    + `<svg class="tree" viewBox="0 0 560 200">${edges}${nodes}</svg></div>`;
}

// A congestion measure as people read it: a loss event rate in percent, a rate in bytes per second.
function congestion(measure, value) {
  if (value === null || value === undefined) return '–';
  if (measure === 'lossEventRate') return (value === 0 ? '0' : (100 * value).toPrecision(3)) + ' %';
  if (/BytesPerSec$/.test(measure)) return rate(value);
  return number(value, 3);
}

// One row per flow (group, sending site); one column per receiving site with its RTT and congestion measure.
function renderFlows(flows) {
  const receiving = [...new Set(flows.flatMap(f => f.receivers.map(r => r.site)))].sort();
  const measures = [...new Set(flows.map(f => f.congestionMeasure).filter(m => m))];
  document.querySelector('#flows thead').innerHTML = '<tr><th>group</th><th>sending site</th><th>controller</th>'
    + '<th>allowed rate</th><th>limiting site</th>'
    + receiving.map(site => `<th class="receiver">${esc(site)}</th>`).join('') + '</tr>';
  document.getElementById('flows-caption').textContent = receiving.length
    ? 'per receiving site: RTT, ' + (measures.join(', ') || 'congestion') : '';
  const rows = flows.map(f => {
    const allowed = f.unlimited ? 'unlimited' : rate(f.allowedRateBytesPerSec);
    const cells = receiving.map(site => {
      const r = f.receivers.find(x => x.site === site);
      if (!r) return '<td class="num">–</td>';
      return `<td class="num${r.limiting ? ' limiting' : ''}" data-receiver="${esc(site)}">`
        + `${number(r.rttMs, 3)} ms, ${congestion(f.congestionMeasure, r.congestion)}</td>`;
    }).join('');
    return `<tr data-flow="${esc(f.group + ':' + f.site)}"><td>${esc(f.group)}</td><td>${esc(f.site)}</td>`
      + `<td>${esc(f.controller)}</td><td class="num">${allowed}${f.slowStart ? ' (slow start)' : ''}</td>`
      + (f.limitingSite ? `<td class="limiting">${esc(f.limitingSite)}</td>` : '<td>–</td>') + `${cells}</tr>`;
  }).join('');
  document.querySelector('#flows tbody').innerHTML = rows
    || '<tr><td colspan="5" class="empty">no flows yet (a site\'s delegate shows its site\'s flows)</td></tr>';
}

function polyline(times, values, nowMs, max, cls) {
  const points = [];
  times.forEach((t, i) => {
    if (values[i] === null) return;
    const x = 36 + 356 * (1 - (nowMs - t) / WINDOW_MS);
    const y = 66 - 58 * values[i] / max;
    if (x >= 36) points.push(x.toFixed(1) + ',' + y.toFixed(1));
  });
  return `<polyline class="${cls}" points="${points.join(' ')}"></polyline>`;
}

function niceMax(value) {
  if (!(value > 0)) return 1;
  const step = Math.pow(10, Math.floor(Math.log10(value)));
  return [1, 2, 5, 10].map(m => Number((m * step).toPrecision(2))).find(m => m >= value);
}

// One small chart: the given series (name -> values aligned with times), each a polyline of its class.
function chart(times, lines, nowMs) {
  const all = Object.values(lines).flat().filter(v => v !== null);
  const max = niceMax(Math.max(0, ...all));
  return `<svg viewBox="0 0 400 80"><line class="axis" x1="36" y1="66" x2="392" y2="66"></line>`
    + `<line class="axis" x1="36" y1="8" x2="36" y2="66"></line>`
    + `<text x="32" y="12" text-anchor="end">${max}</text><text x="32" y="69" text-anchor="end">0</text>`
    + `<text x="36" y="78">−2 min</text><text x="392" y="78" text-anchor="end">now</text>`
    + Object.entries(lines).map(([cls, values]) => polyline(times, values, nowMs, max, cls)).join('') + '</svg>';
}

function chartBox(member, title, now, svg, attributes) {
  return `<div class="chart" data-member="${esc(member)}"${attributes}><h3>${title}</h3>`
    + `<div class="now">${now}</div>${svg}</div>`;
}

// The shown members' own rates, then the other members' as the shown nodes deliver their messages.
function renderCharts(members, rates, here, nowMs) {
  const times = rates.timesMs;
  const last = times.length - 1;
  const own = members.map(m => {
    const series = rates.members[m.member];
    const title = esc(m.member) + (m.delegate ? ' (delegate)' : '');
    if (!series) return chartBox(m.member, title, '', '<span class="empty">collecting…</span>', '');
    const now = `sent ${number(series.sentMsgPerSec[last], 3)} msg/s (${rate(series.sentBytesPerSec[last])}), `
      + `delivered ${number(series.deliveredMsgPerSec[last], 3)} msg/s (${rate(series.deliveredBytesPerSec[last])})`;
    const lines = {sent: series.sentMsgPerSec, delivered: series.deliveredMsgPerSec};
    return chartBox(m.member, title, now, chart(times, lines, nowMs), '');
  });
  const hereLast = here.timesMs.length - 1;
  const others = Object.entries(here.members).map(([member, series]) => {
    const now = `delivered here ${number(series.deliveredHereMsgPerSec[hereLast], 3)} msg/s `
      + `(${rate(series.deliveredHereBytesPerSec[hereLast])})`;
    const title = `${esc(member)} <span class="caption">its messages delivered here</span>`;
    const lines = {here: series.deliveredHereMsgPerSec};
    return chartBox(member, title, now, chart(here.timesMs, lines, nowMs), ' data-delivered-here="true"');
  });
  document.getElementById('charts').innerHTML = own.concat(others).join('');
}

function render(state) {
  document.getElementById('title').textContent = state.title || 'GCS dashboard';
  document.title = state.title || 'GCS dashboard';
  renderSites(state.sites || []);
  const groups = state.groups || [];
  document.getElementById('trees').innerHTML = groups.map(renderTree).join('')
    || '<span class="empty">no groups yet</span>';
  renderFlows(state.flows || []);
  const none = {timesMs: [], members: {}};
  renderCharts(state.members || [], state.rates || none, state.deliveredHereRates || none, state.timeMs);
  const status = document.getElementById('status');
  const time = new Date(state.timeMs).toLocaleTimeString();
  status.textContent = (state.stale ? 'stale (nodes closing) ' : 'updated ') + time;
  status.className = state.stale ? 'status stale' : 'status';
}

async function poll() {
  try {
    const response = await fetch('api/state', {cache: 'no-store'});
    render(await response.json());
  } catch (e) {
    const status = document.getElementById('status');
    status.textContent = 'no answer from the node: ' + e;
    status.className = 'status stale';
  }
  setTimeout(poll, POLL_MS);
}

poll();
