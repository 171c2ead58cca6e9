package org.gcs.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every benchmark method once, directly (not through JMH), for every value of its parameters, so that a
 * broken fixture fails the build; and checks that the fixtures do what the benchmarks claim. Measures nothing.
 */
class BenchmarksRunOnceTest {
    private static final List<Class<?>> BENCHMARKS = List.of(WireCodecBenchmark.class, ReceivePathBenchmark.class,
            LossEstimatorBenchmark.class, AllocatorBenchmark.class, DeliveryMeterBenchmark.class,
            LanBundleBenchmark.class, ClockBenchmark.class);
    private static final Blackhole BLACKHOLE = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    static List<Class<?>> benchmarkClasses() {
        return BENCHMARKS;
    }

    @ParameterizedTest
    @MethodSource("benchmarkClasses")
    void everyBenchmarkMethodShouldRunOnceWithEveryParameterValue(Class<?> type) throws Exception {
        List<Method> benchmarks = benchmarkMethods(type);
        assertThat(benchmarks).isNotEmpty();
        for (Object state : statesWithEveryParameterValue(type)) {
            for (Method benchmark : benchmarks) {
                Object result = benchmark.getParameterCount() == 1
                        ? invoke(benchmark, state, BLACKHOLE) : invoke(benchmark, state);
                if (benchmark.getReturnType() != void.class) {
                    assertThat(result).as(benchmark.getName()).isNotNull();
                }
            }
        }
    }

    @Test
    void theJmhProcessorShouldHaveGeneratedAndListedEveryBenchmarkMethod() throws Exception {
        String list;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/BenchmarkList")) {
            assertThat(in).as("META-INF/BenchmarkList, written by jmh-generator-annprocess").isNotNull();
            list = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (Class<?> type : BENCHMARKS) {
            for (Method benchmark : benchmarkMethods(type)) {
                String generated = type.getPackageName() + ".jmh_generated." + type.getSimpleName() + "_"
                        + benchmark.getName() + "_jmhTest";
                assertThat(list).contains(generated);
                assertThat(Class.forName(generated)).isNotNull();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void aReceivePathCycleShouldReleaseEveryMessageAndNakOnlyWithGaps(int gapPercent) throws Exception {
        ReceivePathBenchmark bench = new ReceivePathBenchmark();
        bench.gapPercent = gapPercent;
        bench.setUp();
        for (int i = 0; i < ReceivePathBenchmark.DATAGRAMS_PER_CYCLE; i++) {
            bench.receiveDatagram(BLACKHOLE);
        }
        assertThat(bench.deliveredMessages()).isEqualTo(ReceivePathBenchmark.DATAGRAMS_PER_CYCLE);
        assertThat(bench.receiver().nextSeq()).isEqualTo(ReceivePathBenchmark.DATAGRAMS_PER_CYCLE + 1);
        assertThat(bench.receiver().missingCount()).isZero();
        assertThat(bench.receiver().duplicates()).isZero();
        if (gapPercent == 0) {
            assertThat(bench.receiver().naksSent()).isZero();
        } else {
            // seq 100, 200, ... are lost; each is NAKed before its repair arrives, except at the end of the array,
            // where the last repairs come at once; one NAK names the gaps of a tick
            long repairDelayPackets = ReceivePathBenchmark.REPAIR_DELAY_NS / ReceivePathBenchmark.INTER_ARRIVAL_NS;
            long repairedInTime = (ReceivePathBenchmark.DATAGRAMS_PER_CYCLE - repairDelayPackets) / 100;
            assertThat(bench.receiver().naksSent()).isPositive();
            assertThat(bench.nakedSequenceNumbers()).isGreaterThanOrEqualTo(repairedInTime);
            assertThat(bench.receiver().monitor().snapshot().value("lossEventRate")).isPositive();
        }

        bench.receiveDatagram(BLACKHOLE); // the next cycle starts over on a new receiver
        assertThat(bench.deliveredMessages()).isEqualTo(ReceivePathBenchmark.DATAGRAMS_PER_CYCLE + 1);
        assertThat(bench.receiver().nextSeq()).isEqualTo(2);
    }

    @Test
    void periodicLossesShouldMakeLossEventsAndInOrderArrivalsNone() {
        assertThat(lossEventsAfter("in-order", 100_000)).isZero();
        assertThat(lossEventsAfter("1-in-100", 100_000)).isPositive();
        assertThat(lossEventsAfter("burst-20-in-1000", 100_000)).isPositive();
    }

    private static long lossEventsAfter(String pattern, int packets) {
        LossEstimatorBenchmark bench = new LossEstimatorBenchmark();
        bench.pattern = pattern;
        bench.setUp();
        for (int i = 0; i < packets; i++) {
            bench.onPacket();
        }
        return bench.estimator().lossEvents();
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 64, 1024})
    void theAllocatorShouldDivideTheWholeCapacityWithSomeSendersCapped(int senders) {
        AllocatorBenchmark bench = new AllocatorBenchmark();
        bench.senders = senders;
        bench.setUp();
        Map<AllocatorBenchmark.SenderKey, Double> shares = bench.allocate();
        assertThat(shares).hasSize(senders);
        double total = shares.values().stream().mapToDouble(Double::doubleValue).sum();
        assertThat(total).isCloseTo(bench.capacityBytesPerSec(), within(bench.capacityBytesPerSec() * 1e-9));
    }

    @Test
    void bothLanBundlePathsShouldMakeTheSameFullBundle() {
        LanBundleBenchmark bench = new LanBundleBenchmark();
        bench.payloadBytes = 1024;
        bench.messages = 30;
        bench.setUp();
        List<byte[]> before = bench.encodeThenPack();
        List<byte[]> after = bench.packInPlace();
        assertThat(before).as("30 messages of 1 KB: one bundle").hasSize(1);
        assertThat(after).hasSize(1);
        assertThat(after.get(0)).isEqualTo(before.get(0));
    }

    @Test
    void bothLanIntakePathsShouldCollectEveryMessageOfTheBundleInOrder() throws Exception {
        LanBundleBenchmark bench = new LanBundleBenchmark();
        bench.payloadBytes = 1024;
        bench.messages = 30;
        bench.setUp();
        List<org.gcs.internal.wire.LanMessage> growing = bench.unpackGrowing();
        assertThat(growing).hasSize(30);
        assertThat(bench.unpackPresized()).containsExactlyElementsOf(growing);
    }

    private static List<Method> benchmarkMethods(Class<?> type) {
        List<Method> methods = new ArrayList<>();
        for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(Benchmark.class)) {
                methods.add(method);
            }
        }
        return methods;
    }

    /** One set-up state object per combination of the {@code @Param} values. */
    private static List<Object> statesWithEveryParameterValue(Class<?> type) throws Exception {
        List<Field> params = new ArrayList<>();
        for (Field field : type.getFields()) {
            if (field.isAnnotationPresent(Param.class)) {
                params.add(field);
            }
        }
        List<Object> states = new ArrayList<>();
        fill(type, params, 0, new String[params.size()], states);
        return states;
    }

    private static void fill(Class<?> type, List<Field> params, int at, String[] values, List<Object> states)
            throws Exception {
        if (at == params.size()) {
            Object state = type.getConstructor().newInstance();
            for (int i = 0; i < params.size(); i++) {
                Field field = params.get(i);
                field.set(state, field.getType() == int.class ? Integer.valueOf(values[i]) : values[i]);
            }
            for (Method method : type.getMethods()) {
                if (method.isAnnotationPresent(Setup.class)) {
                    invoke(method, state);
                }
            }
            states.add(state);
            return;
        }
        for (String value : params.get(at).getAnnotation(Param.class).value()) {
            values[at] = value;
            fill(type, params, at + 1, values, states);
        }
    }

    /** Calls the method and rethrows what it threw (not wrapped). */
    private static Object invoke(Method method, Object state, Object... args) throws Exception {
        try {
            return method.invoke(state, args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
