package org.gcs.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine a bench ran on, for the record: CPUs available to the JVM, the CPU model (from
 * {@code /proc/cpuinfo} where there is one), the Java runtime, the OS and the kernel's memory monitors.
 *
 * @param cpus processors available to this JVM
 * @param cpuModel the CPU model name, or {@code unknown}
 * @param java the Java runtime version
 * @param os the operating system name and version
 * @param kernelMonitor {@code off}, or the kernel's DAMON monitors that run, each described
 */
public record MachineInfo(int cpus, String cpuModel, String java, String os, String kernelMonitor) {
    /** @return this machine */
    public static MachineInfo current() {
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), cpuModel(Path.of("/proc/cpuinfo")),
                System.getProperty("java.runtime.version", System.getProperty("java.version")),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                KernelMonitor.current().state());
    }

    /**
     * @param cpuinfo a file in the format of Linux's {@code /proc/cpuinfo}
     * @return the first {@code model name}, or {@code unknown}
     */
    static String cpuModel(Path cpuinfo) {
        try {
            for (String line : Files.readAllLines(cpuinfo)) {
                if (line.startsWith("model name")) {
                    int colon = line.indexOf(':');
                    return colon < 0 ? "unknown" : line.substring(colon + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable
        }
        return "unknown";
    }

    /** @return the fields as a JSON object */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("cpus", cpus);
        json.put("cpuModel", cpuModel);
        json.put("java", java);
        json.put("os", os);
        json.put("kernelMonitor", kernelMonitor);
        return json;
    }
}
