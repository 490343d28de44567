package io.taper.launcher.profile;

import com.google.gson.Gson;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A self-contained HTML icicle graph (a flame graph drawn top-down) of the call tree: the threads at the top, their
 * outermost calls below them, each callee below its caller, width proportional to time (or to a count: bytecode-count's
 * contexts, where the time controls are hidden). Running, wall or waiting
 * time at the press of a button (the run's view first); a thread selector; click a frame to zoom into it, the top
 * bar to zoom out; the search box highlights matching frames and shows their share; the tooltip gives calls, self
 * and inclusive time, running and waiting, and a removed method's estimate. The page's address may choose the
 * first view and thread ({@code #view=waiting&thread=main}). No network access: data, style and script are all in
 * the file.
 */
public final class FlameGraphHtml {

    private FlameGraphHtml() {
    }

    public static void write(CallTreeProfile profile, String title, Writer w) throws IOException {
        List<String> names = new ArrayList<>();
        Map<String, Integer> nameIds = new HashMap<>();
        List<long[]> nodes = new ArrayList<>();
        Map<Integer, Long> estimates = new LinkedHashMap<>();
        Map<String, Long> estimatesByFrame = profile.estimatesByFrame();
        for (CallTreeProfile.Node n : profile.nodes()) {
            String name = profile.frameOf(n.method());
            Integer id = nameIds.get(name);
            if (id == null) {
                id = names.size();
                names.add(name);
                nameIds.put(name, id);
                Long estimate = estimatesByFrame.get(name);
                if (estimate != null) {
                    estimates.put(id, estimate);
                }
            }
            nodes.add(new long[] {n.parent(), id, n.calls(), n.wallNanos(), n.waitNanos(),
                CallTreeProfile.isThread(n.method()) ? 1 : 0});
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("title", title);
        data.put("view", profile.viewKey());
        data.put("unit", profile.unit());
        data.put("names", names);
        data.put("nodes", nodes);
        data.put("estimates", estimates);
        // Gson's default escaping turns <, >, & and = into \\u escapes: the JSON cannot end the script element
        String json = new Gson().toJson(data);
        w.write(TEMPLATE_HEAD.replace("@TITLE@", escapeHtml(title)).replace("@WEIGHT@",
            CallTreeProfile.NANOSECONDS.equals(profile.unit()) ? "time" : escapeHtml(profile.unit())));
        w.write("const DATA = ");
        w.write(json);
        w.write(";\n");
        w.write(TEMPLATE_SCRIPT);
    }

    public static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String TEMPLATE_HEAD = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>@TITLE@</title>
            <style>
            body { font: 12px sans-serif; margin: 10px; }
            #graph { position: relative; width: 100%; }
            .f { position: absolute; height: 17px; line-height: 17px; overflow: hidden; white-space: nowrap;
                 box-sizing: border-box; border-right: 1px solid #fff; border-bottom: 1px solid #fff;
                 padding-left: 3px; cursor: pointer; font: 11px monospace; }
            .f:hover { filter: brightness(0.85); }
            .f.match { background: #d35bd3 !important; }
            .f.thread { font-weight: bold; }
            #info { font: 12px monospace; height: 18px; margin: 6px 0; white-space: nowrap; overflow: hidden; }
            #controls > * { margin-right: 10px; }
            </style></head>
            <body>
            <h3>@TITLE@</h3>
            <div>Icicle graph: threads at the top, their calls below, width = @WEIGHT@.
            Click a frame to zoom in, the top bar to zoom out.</div>
            <div id="controls">
            <span id="views">time: <label><input type="radio" name="view" value="running"> running</label>
            <label><input type="radio" name="view" value="wall"> wall</label>
            <label><input type="radio" name="view" value="waiting"> waiting</label></span>
            <label>thread: <select id="thread"><option value="">all threads</option></select></label>
            <input id="search" placeholder="highlight frames containing..." size="40"> <span id="matched"></span></div>
            <div id="info">&nbsp;</div>
            <div id="graph"></div>
            <script>
            """;

    private static final String TEMPLATE_SCRIPT = """
            const ROW = 18, MIN_WIDTH = 0.0005;
            const root = { name: 'all threads', calls: 0, wall: 0, wait: 0, children: [], parent: null, thread: false };
            const all = DATA.nodes.map(n => ({ name: DATA.names[n[1]], nameId: n[1], calls: n[2], wall: n[3],
                                               wait: n[4], thread: n[5] === 1, children: [] }));
            DATA.nodes.forEach((n, i) => {
              const p = n[0] >= 0 ? all[n[0]] : root;
              all[i].parent = p;
              p.children.push(all[i]);
              if (p === root) { root.wall += all[i].wall; root.wait += all[i].wait; }
            });
            const hash = new URLSearchParams(location.hash.slice(1));
            const timed = DATA.unit === 'ns';
            let view = !timed ? 'wall' : ['running', 'wall', 'waiting'].includes(hash.get('view')) ? hash.get('view') : DATA.view;
            if (!timed) document.getElementById('views').style.display = 'none';
            let zoomed = root, query = '';
            function value(n) { return view === 'wall' ? n.wall : view === 'waiting' ? n.wait : Math.max(0, n.wall - n.wait); }
            function sortKids(node) {
              node.children.sort((a, b) => value(b) - value(a));
              node.children.forEach(sortKids);
            }
            const graph = document.getElementById('graph'), info = document.getElementById('info');
            const threadSelect = document.getElementById('thread');
            root.children.filter(c => c.thread).forEach(c => {
              const o = document.createElement('option');
              o.value = c.name; o.textContent = c.name.replace(/^\\[thread (.*)\\]$/, '$1');
              threadSelect.appendChild(o);
            });
            function color(node) {
              if (node.thread) return '#b0c4de';
              const name = node.name;
              let h = 0;
              for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
              const jdk = /^(java|javax|jdk|sun|com\\.sun)\\./.test(name);
              const hue = jdk ? 90 + Math.abs(h) % 50 : 10 + Math.abs(h) % 40;
              return 'hsl(' + hue + ',70%,' + (60 + Math.abs(h >> 8) % 15) + '%)';
            }
            function ms(n) { return timed ? (n / 1e6).toFixed(n < 1e7 ? 3 : 1) + ' ms' : n.toLocaleString('en-US') + ' ' + DATA.unit; }
            function describe(node) {
              const total = value(root);
              const v = value(node);
              const self = Math.max(0, v - node.children.reduce((s, c) => s + value(c), 0));
              const pct = total > 0 ? (100 * v / total).toFixed(2) : '0';
              let s = node.name + ' \\u2014 ' + (timed ? view + ' ' : '') + ms(v) + ' (' + pct + '% of all), self ' + ms(self)
                  + (timed ? '; running ' + ms(Math.max(0, node.wall - node.wait)) + ', waiting ' + ms(node.wait) : '')
                  + (node.thread || node === root ? '' : ', ' + node.calls + ' calls');
              const est = DATA.estimates[node.nameId];
              if (est !== undefined) s += '; removed: estimated inclusive ' + ms(est) + ' (all contexts)';
              return s;
            }
            function render() {
              sortKids(root);
              graph.innerHTML = '';
              const total = value(zoomed) || 1;
              let depth = 0, matchedNanos = 0, maxDepth = 0;
              const frames = document.createDocumentFragment();
              const path = [];
              for (let n = zoomed; n; n = n.parent) path.unshift(n);
              path.forEach(n => { add(n, 0, 1, depth++); });
              function add(node, x, w, d) {
                const div = document.createElement('div');
                div.className = node.thread ? 'f thread' : 'f';
                div.style.left = (100 * x) + '%';
                div.style.width = (100 * w) + '%';
                div.style.top = (d * ROW) + 'px';
                div.style.background = node === root ? '#ccc' : color(node);
                div.textContent = node.name;
                div.title = describe(node);
                if (query && node.name.includes(query)) div.classList.add('match');
                div.onmouseover = () => { info.textContent = describe(node); };
                div.onclick = () => { zoomed = node; syncThread(); render(); };
                frames.appendChild(div);
                maxDepth = Math.max(maxDepth, d);
              }
              function walk(node, x, d, inMatch) {
                let cx = x;
                for (const c of node.children) {
                  const w = value(c) / total;
                  if (w < MIN_WIDTH) { cx += w; continue; }
                  add(c, cx, w, d);
                  const m = !inMatch && query && c.name.includes(query);
                  if (m) matchedNanos += value(c);
                  walk(c, cx, d + 1, inMatch || m);
                  cx += w;
                }
              }
              walk(zoomed, 0, depth, false);
              graph.appendChild(frames);
              graph.style.height = ((maxDepth + 1) * ROW) + 'px';
              document.getElementById('matched').textContent =
                  query ? 'matched: ' + (100 * matchedNanos / total).toFixed(2) + '% of the view' : '';
              document.querySelectorAll('input[name=view]').forEach(r => {
                r.checked = r.value === view;
                r.toggleAttribute('checked', r.checked);
              });
            }
            function syncThread() {
              let t = zoomed;
              while (t && t.parent && t.parent !== root) t = t.parent;
              threadSelect.value = t && t.thread ? t.name : '';
            }
            document.querySelectorAll('input[name=view]').forEach(r => {
              r.onchange = () => { view = r.value; render(); };
            });
            threadSelect.onchange = () => {
              zoomed = root.children.find(c => c.name === threadSelect.value) || root;
              render();
            };
            document.getElementById('search').oninput = e => { query = e.target.value; render(); };
            if (hash.get('thread')) {
              zoomed = root.children.find(c => c.name === '[thread ' + hash.get('thread') + ']') || root;
            }
            syncThread();
            render();
            </script>
            </body></html>
            """;
}
