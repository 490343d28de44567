package io.taper.eval.workloads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** The serve workload's data: products with generated names and descriptions, and a word index over them. */
final class Catalog {

    static final String[] CATEGORIES = {"tools", "garden", "kitchen", "books", "music", "sport", "toys", "office"};

    record Product(int id, String name, String category, long priceCents, String description) {
    }

    private final List<Product> products = new ArrayList<>();
    private final Map<String, List<Product>> index = new HashMap<>();

    Catalog(int size, long seed) {
        SyntheticText text = new SyntheticText(3000, seed);
        Random random = text.random();
        for (int id = 0; id < size; id++) {
            String name = text.nextWord() + " " + text.nextWord();
            StringBuilder description = new StringBuilder();
            for (int w = 8 + random.nextInt(20); w > 0; w--) {
                description.append(text.nextWord()).append(' ');
            }
            Product p = new Product(id, name, CATEGORIES[random.nextInt(CATEGORIES.length)],
                    100 + random.nextInt(90000), description.toString().trim());
            products.add(p);
            for (String word : (name + " " + p.description()).split(" ")) {
                List<Product> hits = index.computeIfAbsent(word, k -> new ArrayList<>());
                if (hits.isEmpty() || hits.get(hits.size() - 1) != p) {
                    hits.add(p);
                }
            }
        }
    }

    int size() {
        return products.size();
    }

    Product product(int id) {
        return id >= 0 && id < products.size() ? products.get(id) : null;
    }

    List<Product> products() {
        return products;
    }

    List<Product> search(String word) {
        return index.getOrDefault(word, List.of());
    }
}
