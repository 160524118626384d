package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Percentage.withPercentage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StandardNormalTest {

    // Reference values: CPython 3 math.erf / math.erfc (correctly rounded to about 1 ulp).
    @ParameterizedTest(name = "erf({0}) = {1}, erfc({0}) = {2}")
    @CsvSource({
        "0.0,   0.0,                 1.0",
        "0.001, 0.0011283787909692365, 0.9988716212090307",
        "0.1,   0.1124629160182849,  0.8875370839817152",
        "0.5,   0.5204998778130465,  0.4795001221869535",
        "1.0,   0.8427007929497149,  0.15729920705028513",
        "1.5,   0.9661051464753108,  0.033894853524689274",
        "2.0,   0.9953222650189527,  0.004677734981047265",
        "2.5,   0.999593047982555,   0.0004069520174449589",
        "3.0,   0.9999779095030014,  2.2090496998585438e-05",
        "4.0,   0.9999999845827421,  1.541725790028002e-08",
        "5.0,   0.9999999999984626,  1.5374597944280351e-12",
        "6.0,   1.0,                 2.1519736712498916e-17",
        "10.0,  1.0,                 2.088487583762545e-45",
    })
    void erfAndErfcMatchReferenceValues(double x, double erf, double erfc) {
        assertThat(StandardNormal.erf(x)).isCloseTo(erf, within(1e-15));
        assertThat(StandardNormal.erfc(x)).isCloseTo(erfc, withPercentage(1e-11));
        // erf is odd, erfc(-x) = 2 - erfc(x)
        assertThat(StandardNormal.erf(-x)).isCloseTo(-erf, within(1e-15));
        assertThat(StandardNormal.erfc(-x)).isCloseTo(2.0 - erfc, within(1e-15));
    }

    @Test
    void farTailsSaturateInsteadOfOverflowing() {
        assertThat(StandardNormal.erfc(30.0)).isZero();
        assertThat(StandardNormal.erfc(-30.0)).isEqualTo(2.0);
        assertThat(StandardNormal.erfc(Double.NEGATIVE_INFINITY)).isEqualTo(2.0);
        assertThat(StandardNormal.cdf(40.0)).isEqualTo(1.0);
        assertThat(StandardNormal.cdf(-40.0)).isZero();
        assertThat(StandardNormal.erf(Double.POSITIVE_INFINITY)).isEqualTo(1.0);
        assertThat(StandardNormal.erf(Double.NEGATIVE_INFINITY)).isEqualTo(-1.0);
    }

    // Reference values: scipy.stats.norm.ppf and norm.cdf.
    @ParameterizedTest(name = "quantile({0}) = {1}")
    @CsvSource({
        "0.975,    1.959963984540054",
        "0.025,    -1.9599639845400545",
        "0.5,      0.0",
        "0.9,      1.2815515655446004",
        "0.99,     2.3263478740408408",
        "0.3,      -0.5244005127080409",
        "0.001,    -3.090232306167813",
        "1e-10,    -6.361340902404056",
        "0.999999, 4.753424308817087",
    })
    void quantileMatchesReferenceValues(double p, double z) {
        assertThat(StandardNormal.quantile(p)).isCloseTo(z, within(1e-12));
    }

    @ParameterizedTest(name = "cdf({0}) = {1}")
    @CsvSource({
        "-8.0,               6.22096057427174e-16",
        "-3.0,               0.0013498980316300933",
        "-1.959963984540054, 0.025",
        "0.0,                0.5",
        "1.0,                0.8413447460685429",
        "2.5,                0.9937903346742238",
    })
    void cdfMatchesReferenceValues(double z, double p) {
        assertThat(StandardNormal.cdf(z)).isCloseTo(p, withPercentage(1e-11));
    }

    @Test
    void quantileInvertsCdf() {
        // Not far into the upper tail: there cdf(z) rounds to within an ulp of 1 and the double
        // no longer pins z down (at z = 5.5 one ulp of cdf is 1e-9 in z).
        for (double z = -7.5; z <= 2.5; z += 0.25) {
            assertThat(StandardNormal.quantile(StandardNormal.cdf(z)))
                    .as("z = %s", z)
                    .isCloseTo(z, within(1e-12));
        }
    }

    @Test
    void ninetyFivePercentQuantileIsTheFamiliarOneNinetySix() {
        assertThat(StandardNormal.Z_95).isCloseTo(1.959963984540054, within(1e-15));
    }

    @Test
    void quantileOfCertaintiesIsInfiniteAndOutsideTheUnitIntervalIsRejected() {
        assertThat(StandardNormal.quantile(0.0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(StandardNormal.quantile(1.0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThatThrownBy(() -> StandardNormal.quantile(1.5)).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> StandardNormal.quantile(Double.NaN)).hasMessageContaining("[0, 1]");
    }
}
