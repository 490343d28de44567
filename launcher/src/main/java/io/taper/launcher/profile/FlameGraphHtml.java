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
 * A self-contained HTML icicle graph (a flame graph drawn top-down) of the call tree's inclusive time: the
 * outermost calls at the top, each callee below its caller, width proportional to time. Click a frame to
 * zoom into it, the top bar to zoom out; the search box highlights matching frames and shows their share.
 * No network access: data, style and script are all in the file.
 */
public final class FlameGraphHtml {

    private FlameGraphHtml() {
    }

    public static void write(MethodTimeProfile profile, String title, Writer w) throws IOException {
        List<String> names = new ArrayList<>();
        Map<String, Integer> nameIds = new HashMap<>();
        List<long[]> nodes = new ArrayList<>();
        for (MethodTimeProfile.Node n : profile.nodes()) {
            String name = profile.frameOf(n.method());
            Integer id = nameIds.get(name);
            if (id == null) {
                id = names.size();
                names.add(name);
                nameIds.put(name, id);
            }
            nodes.add(new long[] {n.parent(), id, n.calls(), n.nanos()});
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("title", title);
        data.put("names", names);
        data.put("nodes", nodes);
        // Gson's default escaping turns <, >, & and = into \\u escapes: the JSON cannot end the script element
        String json = new Gson().toJson(data);
        w.write(TEMPLATE_HEAD.replace("@TITLE@", escapeHtml(title)));
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
            #info { font: 12px monospace; height: 18px; margin: 6px 0; white-space: nowrap; overflow: hidden; }
            </style></head>
            <body>
            <h3>@TITLE@</h3>
            <div>Icicle graph of inclusive time: outermost calls at the top, callees below, width = time.
            Click a frame to zoom in, the top bar to zoom out.
            <input id="search" placeholder="highlight frames containing..." size="40"> <span id="matched"></span></div>
            <div id="info">&nbsp;</div>
            <div id="graph"></div>
            <script>
            """;

    private static final String TEMPLATE_SCRIPT = """
            const ROW = 18, MIN_WIDTH = 0.0005;
            const root = { name: 'all threads', calls: 0, nanos: 0, children: [], parent: null };
            const all = DATA.nodes.map(n => ({ name: DATA.names[n[1]], calls: n[2], nanos: n[3], children: [] }));
            DATA.nodes.forEach((n, i) => {
              const p = n[0] >= 0 ? all[n[0]] : root;
              all[i].parent = p;
              p.children.push(all[i]);
              if (p === root) root.nanos += all[i].nanos;
            });
            function sortKids(node) {
              node.children.sort((a, b) => b.nanos - a.nanos);
              node.children.forEach(sortKids);
            }
            sortKids(root);
            let zoomed = root, query = '';
            const graph = document.getElementById('graph'), info = document.getElementById('info');
            function color(name) {
              let h = 0;
              for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
              const jdk = /^(java|javax|jdk|sun|com\\.sun)\\./.test(name);
              const hue = jdk ? 90 + Math.abs(h) % 50 : 10 + Math.abs(h) % 40;
              return 'hsl(' + hue + ',70%,' + (60 + Math.abs(h >> 8) % 15) + '%)';
            }
            function ms(n) { return (n / 1e6).toFixed(n < 1e7 ? 3 : 1) + ' ms'; }
            function describe(node) {
              const pct = root.nanos > 0 ? (100 * node.nanos / root.nanos).toFixed(2) : '0';
              return node.name + ' \\u2014 ' + ms(node.nanos) + ' (' + pct + '% of all), ' + node.calls + ' calls';
            }
            function render() {
              graph.innerHTML = '';
              const total = zoomed.nanos || 1;
              let depth = 0, matchedNanos = 0, maxDepth = 0;
              const frames = document.createDocumentFragment();
              const path = [];
              for (let n = zoomed; n; n = n.parent) path.unshift(n);
              path.forEach(n => { add(n, 0, 1, depth++); });
              function add(node, x, w, d) {
                const div = document.createElement('div');
                div.className = 'f';
                div.style.left = (100 * x) + '%';
                div.style.width = (100 * w) + '%';
                div.style.top = (d * ROW) + 'px';
                div.style.background = node === root ? '#ccc' : color(node.name);
                div.textContent = node.name;
                div.title = describe(node);
                if (query && node.name.includes(query)) div.classList.add('match');
                div.onmouseover = () => { info.textContent = describe(node); };
                div.onclick = () => { zoomed = node; render(); };
                frames.appendChild(div);
                maxDepth = Math.max(maxDepth, d);
              }
              function walk(node, x, d, inMatch) {
                let cx = x;
                for (const c of node.children) {
                  const w = c.nanos / total;
                  if (w < MIN_WIDTH) { cx += w; continue; }
                  add(c, cx, w, d);
                  const m = !inMatch && query && c.name.includes(query);
                  if (m) matchedNanos += c.nanos;
                  walk(c, cx, d + 1, inMatch || m);
                  cx += w;
                }
              }
              walk(zoomed, 0, depth, false);
              graph.appendChild(frames);
              graph.style.height = ((maxDepth + 1) * ROW) + 'px';
              document.getElementById('matched').textContent =
                  query ? 'matched: ' + (100 * matchedNanos / total).toFixed(2) + '% of the view' : '';
            }
            document.getElementById('search').oninput = e => { query = e.target.value; render(); };
            render();
            </script>
            </body></html>
            """;
}
