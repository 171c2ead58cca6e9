# A user-space delay line for the tcp-friendliness lab (the kernel here has no netem).
# Usage: python3 delay_line.py DEVICE DELAY_MS
# Creates the TUN device DEVICE, prints "ready", then writes every IP packet read from DEVICE back into it
# DELAY_MS milliseconds later, in arrival order (a constant delay keeps FIFO order). Policy routing in the
# namespace sends forwarded traffic into DEVICE; a packet written back arrives from DEVICE and takes the
# main routing table to its destination. Stops when its standard input closes (the lab exits or dies).
import collections
import fcntl
import os
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
MAX_HELD_PACKETS = 100_000  # a bound: about 10 s of a 10 Mbit/s link; beyond it packets are dropped


def main():
    device, delay_sec = sys.argv[1], float(sys.argv[2]) / 1000.0
    tun = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(tun, TUNSETIFF, struct.pack("16sH", device.encode(), IFF_TUN | IFF_NO_PI))
    held = collections.deque()
    stdin = sys.stdin.fileno()
    print("ready", flush=True)
    while True:
        now = time.monotonic()
        while held and held[0][0] <= now:
            try:
                os.write(tun, held.popleft()[1])
            except OSError:
                pass  # e.g. no route yet: the packet is lost, as on a link
        timeout = max(0.0, held[0][0] - now) if held else None
        readable, _, _ = select.select([tun, stdin], [], [], timeout)
        if stdin in readable and not os.read(stdin, 4096):
            return
        if tun in readable:
            while True:
                try:
                    packet = os.read(tun, 65535)
                except BlockingIOError:
                    break
                if len(held) < MAX_HELD_PACKETS:
                    held.append((time.monotonic() + delay_sec, packet))


if __name__ == "__main__":
    main()
