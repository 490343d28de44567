package io.taper.eval.workloads;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * Lucene: index a generated text corpus (one unit = one document) in memory, force-merge it, then run
 * a fixed query mix (term, boolean, phrase, prefix, fuzzy, range and parsed queries). Single-threaded
 * with a serial merge scheduler and flushes by document count, so segments and doc ids are the same
 * on every run.
 */
public final class LuceneWorkload {

    static final int CI_UNITS = 4_000;
    static final int FULL_UNITS = 60_000;

    private static final int VOCABULARY = 20_000;

    private LuceneWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "lucene", CI_UNITS, FULL_UNITS, LuceneWorkload::run);
    }

    static String run(WorkloadSize size) throws IOException, ParseException {
        SyntheticText text = new SyntheticText(VOCABULARY, 1_234_567L);
        try (Directory dir = new ByteBuffersDirectory()) {
            index(dir, text, size.units());
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                List<Query> queries = queries(text, size.units() / 4);
                Fingerprint f = new Fingerprint();
                long hits = 0;
                for (Query q : queries) {
                    TopDocs top = searcher.search(q, 10);
                    hits += top.totalHits.value;
                    f.add(top.totalHits.value);
                    for (ScoreDoc d : top.scoreDocs) {
                        f.add(d.doc);
                    }
                }
                return "lucene docs=" + reader.numDocs() + " queries=" + queries.size() + " hits=" + hits
                        + " checksum=" + f.hex();
            }
        }
    }

    private static void index(Directory dir, SyntheticText text, int docs) throws IOException {
        IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer())
                .setMergeScheduler(new SerialMergeScheduler())
                .setMaxBufferedDocs(2_000)
                .setRAMBufferSizeMB(IndexWriterConfig.DISABLE_AUTO_FLUSH);
        Random random = text.random();
        try (IndexWriter writer = new IndexWriter(dir, config)) {
            for (int i = 0; i < docs; i++) {
                Document doc = new Document();
                doc.add(new StringField("id", "doc-" + i, Field.Store.YES));
                doc.add(new TextField("title", text.sentence(4 + random.nextInt(6)), Field.Store.YES));
                doc.add(new TextField("body", text.sentence(80 + random.nextInt(200)), Field.Store.NO));
                int year = 1950 + random.nextInt(75);
                doc.add(new IntPoint("year", year));
                doc.add(new StoredField("year", year));
                writer.addDocument(doc);
            }
            writer.forceMerge(1);
        }
    }

    /** A fixed mix of query kinds, {@code count} queries in all, drawn from the same vocabulary. */
    private static List<Query> queries(SyntheticText text, int count) throws ParseException {
        Random random = new Random(99L);
        QueryParser parser = new QueryParser("body", new StandardAnalyzer());
        List<Query> queries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String a = text.word(random.nextInt(2_000));
            String b = text.word(random.nextInt(5_000));
            String c = text.word(random.nextInt(VOCABULARY));
            queries.add(switch (i % 8) {
                case 0 -> new TermQuery(new Term("body", c));
                case 1 -> new BooleanQuery.Builder()
                        .add(new TermQuery(new Term("body", a)), BooleanClause.Occur.MUST)
                        .add(new TermQuery(new Term("body", b)), BooleanClause.Occur.MUST).build();
                case 2 -> new BooleanQuery.Builder()
                        .add(new TermQuery(new Term("title", a)), BooleanClause.Occur.SHOULD)
                        .add(new TermQuery(new Term("body", b)), BooleanClause.Occur.SHOULD)
                        .add(new TermQuery(new Term("body", c)), BooleanClause.Occur.SHOULD).build();
                case 3 -> new PhraseQuery(1, "body", a, b);
                case 4 -> new PrefixQuery(new Term("body", c.substring(0, Math.min(3, c.length()))));
                case 5 -> new FuzzyQuery(new Term("body", c), 1);
                case 6 -> IntPoint.newRangeQuery("year", 1960 + random.nextInt(40), 1970 + random.nextInt(50));
                default -> parser.parse("title:" + a + " AND (" + b + " OR " + c + ") -" + text.word(random.nextInt(50)));
            });
        }
        return queries;
    }
}
