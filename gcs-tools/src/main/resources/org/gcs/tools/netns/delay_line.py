# A user-space delay line with a loss model, for emulated WANs (the kernel here has no netem).
# Usage: python3 delay_line.py DEVICE DELAY_MS LOSS SEED
#        python3 delay_line.py --self-test   (checks the loss models; prints "ok")
#   LOSS: none | random:P | ge:P_GOOD_TO_BAD:P_BAD_TO_GOOD:LOSS_IN_BAD:LOSS_IN_GOOD (probabilities in 0..1)
# Creates the TUN device DEVICE, prints "ready", then writes every IP packet read from DEVICE back into it
# DELAY_MS milliseconds later, in arrival order (a constant delay keeps FIFO order), unless the loss model drops
# it (decided on arrival, with a random generator seeded with SEED). Gilbert-Elliott keeps one chain per IPv4
# destination address, as a netem qdisc on the router's link towards each site would; a chain changes state once
# per packet it sees, before deciding, so a burst on the path to one site does not touch the packets to another.
# Policy routing in the namespace sends forwarded traffic into DEVICE; a packet written back arrives from DEVICE
# and takes the main routing table to its destination. Stops when its standard input closes.
# Per-packet work is kept minimal (one read, one or two random draws, one deque append, one write) so that one core
# keeps up with several 50 Mbit/s links. On exit it prints "packets IN dropped DROPPED".
import collections
import fcntl
import os
import random
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
MAX_HELD_PACKETS = 200_000  # a bound: about 10 s of 150 Mbit/s in 1 KB packets; beyond it packets are dropped


def parse_loss(spec):
    parts = spec.split(":")
    if parts[0] == "none":
        return None
    if parts[0] == "random":
        return ("random", float(parts[1]))
    if parts[0] == "ge":
        return ("ge",) + tuple(float(p) for p in parts[1:5])
    raise SystemExit("unknown loss model " + spec)


def loss_decider(loss, draw):
    """Returns lost(packet) -> bool for a parsed loss model, or None for no loss."""
    if loss is None:
        return None
    if loss[0] == "random":
        p_random = loss[1]
        return lambda packet: draw() < p_random
    p_gb, p_bg, loss_bad, loss_good = loss[1:5]
    bad_towards = {}  # destination address -> whether its chain is in the bad state

    def lost(packet):
        destination = packet[16:20]  # the IPv4 header's destination address
        bad = (draw() >= p_bg) if bad_towards.get(destination, False) else (draw() < p_gb)
        bad_towards[destination] = bad
        return draw() < (loss_bad if bad else loss_good)
    return lost


def self_test():
    # a chain that turns bad on one packet and good on the next, losing every packet in the bad state: each
    # destination loses every other one of its own packets, however the destinations interleave
    lost = loss_decider(parse_loss("ge:1:1:1:0"), random.Random(1).random)
    to_a, to_b = bytes(16) + bytes([10, 77, 1, 2]), bytes(16) + bytes([10, 77, 2, 2])
    pattern = [lost(p) for p in [to_a, to_b, to_b, to_a, to_b, to_a, to_a, to_b]]
    expect = [True, True, False, False, True, True, False, False]
    if pattern != expect:
        raise SystemExit("per-destination chains: expected %s, got %s" % (expect, pattern))
    random_lost = loss_decider(parse_loss("random:0.25"), random.Random(7).random)
    share = sum(random_lost(to_a) for _ in range(100000)) / 100000.0
    if abs(share - 0.25) > 0.01:
        raise SystemExit("random:0.25 lost %.4f" % share)
    print("ok")


def main():
    if sys.argv[1] == "--self-test":
        self_test()
        return
    device, delay_sec = sys.argv[1], float(sys.argv[2]) / 1000.0
    rng = random.Random(int(sys.argv[4]))
    lost = loss_decider(parse_loss(sys.argv[3]), rng.random)
    tun = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(tun, TUNSETIFF, struct.pack("16sH", device.encode(), IFF_TUN | IFF_NO_PI))
    held = collections.deque()
    append, popleft = held.append, held.popleft
    read, write, monotonic = os.read, os.write, time.monotonic
    stdin = sys.stdin.fileno()
    received = dropped = 0
    print("ready", flush=True)
    while True:
        now = monotonic()
        while held and held[0][0] <= now:
            try:
                write(tun, popleft()[1])
            except OSError:
                pass  # e.g. no route yet: the packet is lost, as on a link
        timeout = max(0.0, held[0][0] - now) if held else None
        readable, _, _ = select.select([tun, stdin], [], [], timeout)
        if stdin in readable and not os.read(stdin, 4096):
            print("packets %d dropped %d" % (received, dropped), flush=True)
            return
        if tun in readable:
            due = monotonic() + delay_sec
            while True:
                try:
                    packet = read(tun, 65535)
                except BlockingIOError:
                    break
                received += 1
                if lost is not None and lost(packet):
                    dropped += 1
                    continue
                if len(held) < MAX_HELD_PACKETS:
                    append((due, packet))
                else:
                    dropped += 1


if __name__ == "__main__":
    main()
