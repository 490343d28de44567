package io.taper.eval.workloads;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The serve workload's load generator, run in its own JVM: {@code CONNECTIONS} threads send requests
 * back to back (a seeded mix of item pages, searches, category statistics and cart updates) for the
 * given seconds, counting completions per one-second window; then one thread sends a fixed sequence of
 * requests and digests their responses. Prints {@code throughput windowMillis=1000 requests=N,N,...}
 * and {@code verify requests=N errors=N checksum=HEX}; exits 1 if a request failed.
 */
public final class LoadClient {

    private static final int VERIFY_REQUESTS = 300;

    private LoadClient() {
    }

    /** What the driver reads back from the client's output. */
    record Outcome(String throughputLine, int verified, String checksum) {
        static Outcome parse(List<String> lines) {
            String throughput = null;
            String verify = null;
            for (String line : lines) {
                if (line.startsWith("throughput ")) {
                    throughput = line;
                } else if (line.startsWith("verify ")) {
                    verify = line;
                }
            }
            if (throughput == null || verify == null) {
                throw new IllegalStateException("the load client printed no report: " + lines);
            }
            String checksum = verify.substring(verify.indexOf("checksum=") + "checksum=".length());
            int verified = Integer.parseInt(verify.replaceAll(".*requests=(\\d+).*", "$1"));
            return new Outcome(throughput, verified, checksum);
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int seconds = Integer.parseInt(args[1]);
        int connections = Integer.parseInt(args[2]);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        String base = "http://127.0.0.1:" + port;
        SyntheticText words = new SyntheticText(3000, 23L);

        AtomicLongArray windows = new AtomicLongArray(seconds);
        AtomicLong errors = new AtomicLong();
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < connections; t++) {
            int thread = t;
            Thread worker = new Thread(() -> {
                Random random = new Random(1000L + thread);
                long n = 0;
                while (true) {
                    String path = nextPath(random, words, "t" + thread + "-" + (n++ % 50));
                    try {
                        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
                                HttpResponse.BodyHandlers.ofByteArray());
                        if (r.statusCode() != 200) {
                            errors.incrementAndGet();
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                    long now = System.nanoTime();
                    if (now >= end) {
                        return;
                    }
                    windows.incrementAndGet((int) ((now - start) / 1_000_000_000L));
                }
            }, "load-" + t);
            worker.start();
            threads.add(worker);
        }
        for (Thread worker : threads) {
            worker.join();
        }
        StringBuilder line = new StringBuilder("throughput windowMillis=1000 requests=");
        for (int i = 0; i < seconds; i++) {
            line.append(i > 0 ? "," : "").append(windows.get(i));
        }
        System.out.println(line);

        Random random = new Random(99L);
        Fingerprint f = new Fingerprint();
        for (int i = 0; i < VERIFY_REQUESTS; i++) {
            String path = nextPath(random, words, "verify");
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            f.add(path).add(r.statusCode()).add(r.body(), r.body().length);
            if (r.statusCode() != 200) {
                errors.incrementAndGet();
            }
        }
        System.out.println("verify requests=" + VERIFY_REQUESTS + " errors=" + errors.get() + " checksum=" + f.hex());
        System.out.flush();
        System.exit(errors.get() == 0 ? 0 : 1);
    }

    private static String nextPath(Random random, SyntheticText words, String session) {
        int kind = random.nextInt(100);
        if (kind < 50) {
            return "/item/" + random.nextInt(5000);
        } else if (kind < 80) {
            String word = words.word(Math.min(words.vocabularySize() - 1, (int) Math.abs(random.nextGaussian() * 300)));
            return "/search?q=" + java.net.URLEncoder.encode(word, StandardCharsets.UTF_8) + "&page=" + random.nextInt(3);
        } else if (kind < 90) {
            return "/category/" + Catalog.CATEGORIES[random.nextInt(Catalog.CATEGORIES.length)];
        }
        return "/cart/" + session + "/add/" + random.nextInt(5000);
    }
}
