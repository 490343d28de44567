package sample;

import com.google.gson.Gson;
import java.util.TreeMap;

/** An observed program that ships its own Gson: it must get its own, whatever the agent uses. */
public final class UsesGson {

    private UsesGson() {
    }

    public static void main(String[] args) {
        TreeMap<String, Integer> m = new TreeMap<>();
        m.put("b", 2);
        m.put("a", 1);
        String from = Gson.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        System.out.println(new Gson().toJson(m) + " " + Gson.class.getName() + " " + from.endsWith(".jar"));
    }
}
