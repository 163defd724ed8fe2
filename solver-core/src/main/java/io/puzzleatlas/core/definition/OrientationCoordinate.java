package io.puzzleatlas.core.definition;

/**
 * The orientations of the pieces on one orbit of slots: a base-{@code modulus} number of k digits, or of k - 1 when
 * every move's twists on the orbit sum to 0 (the sum of the orbit's orientations then never changes, and the last digit
 * follows from the others).
 */
final class OrientationCoordinate extends Coordinate {
    private final int modulus;
    private final boolean sumKept;
    private final int sum;
    private final long size;

    OrientationCoordinate(int[] slots, int modulus, boolean sumKept, int[] solvedOrientations) {
        super(slots);
        this.modulus = modulus;
        this.sumKept = sumKept;
        int s = 0;
        for (int g : slots) {
            s += solvedOrientations[g];
        }
        this.sum = s % modulus;
        int digits = sumKept ? slots.length - 1 : slots.length;
        long n = 1;
        for (int i = 0; i < digits; i++) {
            n = Math.multiplyExact(n, modulus);
        }
        this.size = n;
    }

    @Override
    long size() {
        return size;
    }

    @Override
    String describe() {
        return slots.length + " orientations mod " + modulus + (sumKept ? ", sum kept" : "");
    }

    @Override
    long rank(int[] labels, int[] orientations, int[] scratch) {
        int digits = sumKept ? slots.length - 1 : slots.length;
        long r = 0;
        for (int i = digits - 1; i >= 0; i--) {
            r = r * modulus + orientations[slots[i]];
        }
        return r;
    }

    @Override
    void unrank(long r, int[] labels, int[] orientations, int[] scratch) {
        int digits = sumKept ? slots.length - 1 : slots.length;
        int s = 0;
        for (int i = 0; i < digits; i++) {
            int o = (int) (r % modulus);
            r /= modulus;
            orientations[slots[i]] = o;
            s += o;
        }
        if (sumKept) {
            orientations[slots[slots.length - 1]] = ((sum - s) % modulus + modulus) % modulus;
        }
    }

    @Override
    String refuse(int[] labels, int[] orientations) {
        int s = 0;
        for (int g : slots) {
            if (orientations[g] < 0 || orientations[g] >= modulus) {
                return "orientation " + orientations[g] + " out of range 0.." + (modulus - 1);
            }
            s += orientations[g];
        }
        if (sumKept && s % modulus != sum) {
            return "the orientations of " + slotsText(slots) + " sum to " + s % modulus + " mod " + modulus
                    + ", every move keeps that sum at " + sum;
        }
        return null;
    }
}
