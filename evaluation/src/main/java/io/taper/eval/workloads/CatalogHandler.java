package io.taper.eval.workloads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The serve workload's request handler: {@code /item/ID} (a product and five related ones),
 * {@code /search?q=WORD&page=N} (ten hits by price), {@code /category/NAME} (price statistics over the
 * category) and {@code /cart/SESSION/add/ID} (adds to a per-session cart, returns its total). Responses
 * are JSON written by hand; a response depends only on the request and, for carts, the session's
 * earlier requests.
 */
final class CatalogHandler extends Handler.Abstract {

    private final Catalog catalog;
    private final AtomicLongArray views;
    private final Map<String, Cart> carts = new ConcurrentHashMap<>();

    CatalogHandler(Catalog catalog) {
        this.catalog = catalog;
        this.views = new AtomicLongArray(catalog.size());
    }

    private static final class Cart {
        private final List<Catalog.Product> items = new ArrayList<>();
        private long totalCents;

        synchronized long add(Catalog.Product p) {
            items.add(p);
            totalCents += p.priceCents();
            return totalCents;
        }

        synchronized int size() {
            return items.size();
        }
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        String[] parts = path.split("/");
        String body;
        try {
            body = switch (parts.length > 1 ? parts[1] : "") {
                case "item" -> item(Integer.parseInt(parts[2]));
                case "search" -> {
                    Fields query = Request.extractQueryParameters(request);
                    yield search(query.getValue("q"), Integer.parseInt(orDefault(query.getValue("page"), "0")));
                }
                case "category" -> category(parts[2]);
                case "cart" -> cart(parts[2], Integer.parseInt(parts[4]));
                default -> null;
            };
        } catch (RuntimeException e) {
            body = null;
        }
        if (body == null) {
            Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404);
            return true;
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        Content.Sink.write(response, true, body, callback);
        return true;
    }

    private static String orDefault(String value, String otherwise) {
        return value == null ? otherwise : value;
    }

    private String item(int id) {
        Catalog.Product p = catalog.product(id);
        if (p == null) {
            return null;
        }
        views.incrementAndGet(id);
        StringBuilder b = new StringBuilder(512);
        b.append("{\"product\":");
        json(b, p);
        b.append(",\"related\":[");
        int n = 0;
        for (int d = 1; n < 5 && d < catalog.size(); d++) {
            Catalog.Product q = catalog.product((id + d * 7) % catalog.size());
            if (q.category().equals(p.category())) {
                if (n++ > 0) {
                    b.append(',');
                }
                json(b, q);
            }
        }
        return b.append("]}").toString();
    }

    private String search(String word, int page) {
        if (word == null) {
            return null;
        }
        List<Catalog.Product> hits = new ArrayList<>(catalog.search(word));
        hits.sort(Comparator.comparingLong(Catalog.Product::priceCents).thenComparingInt(Catalog.Product::id));
        StringBuilder b = new StringBuilder(2048);
        b.append("{\"query\":\"").append(escape(word)).append("\",\"total\":").append(hits.size()).append(",\"hits\":[");
        for (int i = page * 10; i < Math.min(hits.size(), page * 10 + 10); i++) {
            if (i > page * 10) {
                b.append(',');
            }
            json(b, hits.get(i));
        }
        return b.append("]}").toString();
    }

    private String category(String name) {
        long count = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        long sum = 0;
        for (Catalog.Product p : catalog.products()) {
            if (p.category().equals(name)) {
                count++;
                min = Math.min(min, p.priceCents());
                max = Math.max(max, p.priceCents());
                sum += p.priceCents();
            }
        }
        if (count == 0) {
            return null;
        }
        return "{\"category\":\"" + escape(name) + "\",\"count\":" + count + ",\"min\":" + min + ",\"max\":" + max
                + ",\"mean\":" + String.format("%.2f", sum / (double) count) + "}";
    }

    private String cart(String session, int id) {
        Catalog.Product p = catalog.product(id);
        if (p == null) {
            return null;
        }
        Cart cart = carts.computeIfAbsent(session, s -> new Cart());
        long total = cart.add(p);
        return "{\"session\":\"" + escape(session) + "\",\"items\":" + cart.size() + ",\"totalCents\":" + total + "}";
    }

    private static void json(StringBuilder b, Catalog.Product p) {
        b.append("{\"id\":").append(p.id())
                .append(",\"name\":\"").append(escape(p.name()))
                .append("\",\"category\":\"").append(p.category())
                .append("\",\"price\":\"").append(p.priceCents() / 100).append('.')
                .append(String.format("%02d", p.priceCents() % 100))
                .append("\",\"description\":\"").append(escape(p.description())).append("\"}");
    }

    private static String escape(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\' || c < 0x20) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                b.append(c < 0x20 ? String.format("\\u%04x", (int) c) : "\\" + c);
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

}
