package io.taper.eval.workloads;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Random;

/**
 * H2: many short JDBC transactions (a TPC-B-like mix plus reads and transfers) on an in-memory
 * database, in one thread. A unit is one transaction.
 */
public final class H2Workload {

    static final int CI_UNITS = 30_000;
    static final int FULL_UNITS = 1_000_000;

    private static final int BRANCHES = 10;
    private static final int TELLERS_PER_BRANCH = 10;
    private static final int ACCOUNTS = 20_000;

    private H2Workload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "h2", CI_UNITS, FULL_UNITS, H2Workload::run);
    }

    static String run(WorkloadSize size) throws SQLException {
        // A private unnamed in-memory database: nothing on disk, gone when the connection closes.
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:", "sa", "")) {
            createSchema(c);
            populate(c);
            c.setAutoCommit(false);
            long readSum = runTransactions(c, size.units(), new Random(20240607L));
            c.setAutoCommit(true);
            return summary(c, size.units(), readSum);
        }
    }

    private static void createSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE branches(id INT PRIMARY KEY, balance BIGINT NOT NULL)");
            s.execute("CREATE TABLE tellers(id INT PRIMARY KEY, branch_id INT NOT NULL, balance BIGINT NOT NULL)");
            s.execute("CREATE TABLE accounts(id INT PRIMARY KEY, branch_id INT NOT NULL, balance BIGINT NOT NULL,"
                    + " filler VARCHAR(84))");
            s.execute("CREATE TABLE history(id BIGINT AUTO_INCREMENT PRIMARY KEY, account_id INT, teller_id INT,"
                    + " branch_id INT, delta BIGINT, tx BIGINT)");
            s.execute("CREATE INDEX history_account ON history(account_id)");
        }
    }

    private static void populate(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement b = c.prepareStatement("INSERT INTO branches VALUES(?, 0)");
             PreparedStatement t = c.prepareStatement("INSERT INTO tellers VALUES(?, ?, 0)");
             PreparedStatement a = c.prepareStatement("INSERT INTO accounts VALUES(?, ?, 1000, ?)")) {
            for (int i = 0; i < BRANCHES; i++) {
                b.setInt(1, i);
                b.addBatch();
            }
            b.executeBatch();
            for (int i = 0; i < BRANCHES * TELLERS_PER_BRANCH; i++) {
                t.setInt(1, i);
                t.setInt(2, i / TELLERS_PER_BRANCH);
                t.addBatch();
            }
            t.executeBatch();
            for (int i = 0; i < ACCOUNTS; i++) {
                a.setInt(1, i);
                a.setInt(2, i % BRANCHES);
                a.setString(3, "account-" + i);
                a.addBatch();
            }
            a.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    /** Runs the transaction mix; returns the sum of everything the read-only transactions read. */
    private static long runTransactions(Connection c, int count, Random random) throws SQLException {
        try (PreparedStatement updAccount = c.prepareStatement("UPDATE accounts SET balance = balance + ? WHERE id = ?");
             PreparedStatement updTeller = c.prepareStatement("UPDATE tellers SET balance = balance + ? WHERE id = ?");
             PreparedStatement updBranch = c.prepareStatement("UPDATE branches SET balance = balance + ? WHERE id = ?");
             PreparedStatement insHistory = c.prepareStatement(
                     "INSERT INTO history(account_id, teller_id, branch_id, delta, tx) VALUES(?, ?, ?, ?, ?)");
             PreparedStatement selBalance = c.prepareStatement("SELECT balance FROM accounts WHERE id = ?");
             PreparedStatement selHistory = c.prepareStatement(
                     "SELECT COUNT(*), COALESCE(SUM(delta), 0) FROM history WHERE account_id = ?")) {
            long readSum = 0;
            for (int tx = 0; tx < count; tx++) {
                int kind = random.nextInt(100);
                int account = random.nextInt(ACCOUNTS);
                if (kind < 70) {
                    int teller = random.nextInt(BRANCHES * TELLERS_PER_BRANCH);
                    int branch = teller / TELLERS_PER_BRANCH;
                    long delta = random.nextInt(2001) - 1000;
                    update(updAccount, delta, account);
                    update(updTeller, delta, teller);
                    update(updBranch, delta, branch);
                    insHistory.setInt(1, account);
                    insHistory.setInt(2, teller);
                    insHistory.setInt(3, branch);
                    insHistory.setLong(4, delta);
                    insHistory.setLong(5, tx);
                    insHistory.executeUpdate();
                    readSum += readLong(selBalance, account);
                } else if (kind < 90) {
                    readSum += readLong(selBalance, account);
                    selHistory.setInt(1, account);
                    try (ResultSet rs = selHistory.executeQuery()) {
                        rs.next();
                        readSum += rs.getLong(1) * 7 + rs.getLong(2);
                    }
                } else {
                    int other = random.nextInt(ACCOUNTS);
                    long amount = random.nextInt(500);
                    update(updAccount, -amount, account);
                    update(updAccount, amount, other);
                }
                c.commit();
            }
            return readSum;
        }
    }

    private static void update(PreparedStatement p, long delta, int id) throws SQLException {
        p.setLong(1, delta);
        p.setInt(2, id);
        p.executeUpdate();
    }

    private static long readLong(PreparedStatement p, int id) throws SQLException {
        p.setInt(1, id);
        try (ResultSet rs = p.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String summary(Connection c, int transactions, long readSum) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT (SELECT SUM(balance) FROM accounts), (SELECT SUM(balance) FROM"
                     + " branches), (SELECT COUNT(*) FROM history), (SELECT SUM(delta * tx) FROM history)")) {
            rs.next();
            Fingerprint f = new Fingerprint().add(rs.getLong(1)).add(rs.getLong(2)).add(rs.getLong(3))
                    .add(rs.getLong(4)).add(readSum);
            return "h2 transactions=" + transactions + " history=" + rs.getLong(3) + " checksum=" + f.hex();
        }
    }
}
