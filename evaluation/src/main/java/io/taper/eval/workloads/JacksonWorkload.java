package io.taper.eval.workloads;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Jackson databind: a short job of the kind a command-line tool or a request handler does — build
 * orders (customers, line items, addresses, tags), write them as JSON, read them back as objects
 * and as trees, and total them. Start-up (reflective introspection of the bean types) is a large
 * part of a run, which is what short programs are like.
 * One unit is one batch of 200 orders written and read back.
 */
public final class JacksonWorkload {

    static final int CI_UNITS = 40;
    static final int FULL_UNITS = 3000;

    private static final int ORDERS_PER_UNIT = 200;

    private JacksonWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "jackson", CI_UNITS, FULL_UNITS, JacksonWorkload::run);
    }

    public static final class Address {
        public String street;
        public String city;
        public String postcode;
    }

    public static final class LineItem {
        public String sku;
        public int quantity;
        public long priceCents;
        public List<String> tags = new ArrayList<>();
    }

    public static final class Order {
        public long id;
        public String customer;
        public Address shipTo;
        public List<LineItem> items = new ArrayList<>();
        public Map<String, String> attributes = new LinkedHashMap<>();
        public boolean express;
    }

    static String run(WorkloadSize size) throws Exception {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
        Random random = new Random(17L);
        Fingerprint f = new Fingerprint();
        long bytes = 0;
        long totalCents = 0;
        long items = 0;
        for (int unit = 0; unit < size.units(); unit++) {
            List<Order> orders = new ArrayList<>(ORDERS_PER_UNIT);
            for (int i = 0; i < ORDERS_PER_UNIT; i++) {
                orders.add(order((long) unit * ORDERS_PER_UNIT + i, random));
            }
            byte[] json = mapper.writeValueAsBytes(orders);
            bytes += json.length;
            Order[] back = mapper.readValue(json, Order[].class);
            for (Order o : back) {
                for (LineItem item : o.items) {
                    totalCents += item.priceCents * item.quantity;
                    items++;
                }
            }
            JsonNode tree = mapper.readTree(json);
            for (Iterator<JsonNode> it = tree.elements(); it.hasNext(); ) {
                JsonNode order = it.next();
                f.add(order.get("customer").asText()).add(order.get("items").size());
            }
            f.add(json, json.length);
        }
        return "jackson orders=" + (long) size.units() * ORDERS_PER_UNIT + " items=" + items + " jsonBytes=" + bytes
                + " totalCents=" + totalCents + " checksum=" + f.hex();
    }

    private static final String[] CITIES = {"Lyon", "Porto", "Graz", "Turku", "Brno", "Gent", "Cork", "Pula"};
    private static final String[] STREETS = {"Oak", "Mill", "Harbour", "Station", "Church", "Bridge", "Elm"};
    private static final String[] TAGS = {"fragile", "gift", "bulk", "sale", "new", "eco", "import"};

    private static Order order(long id, Random random) {
        Order o = new Order();
        o.id = id;
        o.customer = "customer-" + random.nextInt(5000);
        o.express = random.nextInt(5) == 0;
        o.shipTo = new Address();
        o.shipTo.street = random.nextInt(300) + " " + STREETS[random.nextInt(STREETS.length)] + " street";
        o.shipTo.city = CITIES[random.nextInt(CITIES.length)];
        o.shipTo.postcode = String.format("%05d", random.nextInt(100000));
        int n = 1 + random.nextInt(8);
        for (int i = 0; i < n; i++) {
            LineItem item = new LineItem();
            item.sku = "SKU-" + Integer.toHexString(random.nextInt(1 << 20));
            item.quantity = 1 + random.nextInt(12);
            item.priceCents = 99 + random.nextInt(50000);
            for (int t = random.nextInt(3); t > 0; t--) {
                item.tags.add(TAGS[random.nextInt(TAGS.length)]);
            }
            o.items.add(item);
        }
        if (random.nextBoolean()) {
            o.attributes.put("channel", random.nextBoolean() ? "web" : "store");
        }
        if (random.nextInt(4) == 0) {
            o.attributes.put("coupon", "C" + random.nextInt(1000));
        }
        return o;
    }
}
