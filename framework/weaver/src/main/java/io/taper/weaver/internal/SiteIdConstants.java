package io.taper.weaver.internal;

import io.taper.runtime.SiteInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;

/**
 * The site ids of a woven class as constant pool entries ({@link Code#pushSiteId}): where they are, and the class
 * with other ids in them. Moving a weave to other ids is sound only while each id's entry is its own (no
 * constant of the class or of the static context shares it), which both directions check.
 */
final class SiteIdConstants {

    private static final int CONSTANT_INTEGER = 3;

    private SiteIdConstants() {
    }

    /**
     * @param originalItems the constant pool size of the class before weaving (the woven pool starts with it)
     * @return per site, the index of its id's entry (-1: the id is pushed nowhere), or null if an id shares its
     *         entry with something else and the weave cannot be moved
     */
    static int[] locate(byte[] woven, int originalItems, List<SiteInfo> sites) {
        ClassReader cr = new ClassReader(woven);
        Map<Integer, Integer> itemByValue = new HashMap<>();
        Set<Integer> duplicated = new HashSet<>();
        for (int i : integerItems(cr, woven)) {
            if (itemByValue.put(cr.readInt(cr.getItem(i)), i) != null) {
                duplicated.add(cr.readInt(cr.getItem(i)));
            }
        }
        int[] items = new int[sites.size()];
        for (int s = 0; s < items.length; s++) {
            int id = sites.get(s).id();
            Integer item = itemByValue.get(id);
            if (item == null) {
                items[s] = -1;
            } else if (item < originalItems || duplicated.contains(id)) {
                return null;
            } else {
                items[s] = item;
            }
        }
        return sharesNoStaticValue(sites, ids(sites)) ? items : null;
    }

    /** The class with {@code newIds[s]} in site s's entry, or null if a new id would share an entry. */
    static byte[] relocate(byte[] woven, int[] items, int[] newIds, List<SiteInfo> sites) {
        Set<Integer> fresh = new HashSet<>();
        for (int id : newIds) {
            fresh.add(id);
        }
        Set<Integer> siteItems = new HashSet<>();
        for (int item : items) {
            siteItems.add(item);
        }
        ClassReader cr = new ClassReader(woven);
        for (int i : integerItems(cr, woven)) {
            if (!siteItems.contains(i) && fresh.contains(cr.readInt(cr.getItem(i)))) {
                return null;   // a fresh weave would have put the id into this entry
            }
        }
        if (!sharesNoStaticValue(sites, fresh)) {
            return null;
        }
        byte[] out = woven.clone();
        for (int s = 0; s < items.length; s++) {
            if (items[s] < 0) {
                continue;
            }
            int offset = cr.getItem(items[s]);
            if (offset <= 0 || out[offset - 1] != CONSTANT_INTEGER) {
                return null;
            }
            int v = newIds[s];
            out[offset] = (byte) (v >>> 24);
            out[offset + 1] = (byte) (v >>> 16);
            out[offset + 2] = (byte) (v >>> 8);
            out[offset + 3] = (byte) v;
        }
        return out;
    }

    /** The constant pool indexes of the class's {@code CONSTANT_Integer} entries. */
    private static List<Integer> integerItems(ClassReader cr, byte[] bytes) {
        List<Integer> items = new java.util.ArrayList<>();
        for (int i = 1; i < cr.getItemCount(); i++) {
            int offset = cr.getItem(i);
            if (offset > 0 && bytes[offset - 1] == CONSTANT_INTEGER) {
                items.add(i);
            }
        }
        return items;
    }

    private static Set<Integer> ids(List<SiteInfo> sites) {
        Set<Integer> ids = new HashSet<>();
        for (SiteInfo s : sites) {
            ids.add(s.id());
        }
        return ids;
    }

    /**
     * No static-context value the weave pushes with an {@code ldc} (an int outside the short range: smaller ones are
     * immediate operands) equals one of the ids.
     */
    private static boolean sharesNoStaticValue(List<SiteInfo> sites, Set<Integer> ids) {
        for (SiteInfo s : sites) {
            for (String v : s.staticContext().values()) {
                if (!v.isEmpty() && v.length() <= 11 && (Character.isDigit(v.charAt(0)) || v.charAt(0) == '-')) {
                    try {
                        int value = Integer.parseInt(v);
                        if ((value < Short.MIN_VALUE || value > Short.MAX_VALUE) && ids.contains(value)) {
                            return false;
                        }
                    } catch (NumberFormatException notAnInt) {
                        // not an int: cannot share an integer entry
                    }
                }
            }
        }
        return true;
    }
}
