# Kernel TCP flows for gcs bench wan-fairness: bulk senders and a sink, in whatever network namespace they are
# started in (ip netns exec). Usage:
#   python3 tcp_flows.py sink PORT           accepts any number of connections; every 100 ms prints
#                                            "bytes MICROS TOTAL" (wall clock µs since the epoch, payload bytes read
#                                            so far over all connections); "ready" once listening
#   python3 tcp_flows.py send HOST PORT FLOWS CC   opens FLOWS connections whose congestion control is CC (reno,
#                                            cubic, ...: TCP_CONGESTION), prints "ready" once all are connected,
#                                            then writes as fast as the kernel takes data
# Both stop when their standard input closes (the bench exits or dies), so they cannot outlive it.
import socket
import sys
import threading
import time

CHUNK = 64 * 1024


def watch_stdin():
    while sys.stdin.buffer.read(4096):
        pass


def sink(port):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("0.0.0.0", port))
    server.listen(64)
    total = [0]
    lock = threading.Lock()

    def drain(conn):
        with conn:
            while True:
                data = conn.recv(CHUNK)
                if not data:
                    return
                with lock:
                    total[0] += len(data)

    def accept():
        while True:
            conn, _ = server.accept()
            threading.Thread(target=drain, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    stdin = threading.Thread(target=watch_stdin, daemon=True)
    stdin.start()
    print("ready", flush=True)
    while stdin.is_alive():
        time.sleep(0.1)
        with lock:
            count = total[0]
        print("bytes %d %d" % (time.time_ns() // 1000, count), flush=True)


def send(host, port, flows, cc):
    conns = []
    for _ in range(flows):
        conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        conn.connect((host, port))
        # after connect: a route's congctl (the bench sets one per site) replaces the socket's choice at connect
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_CONGESTION, cc.encode())
        actual = conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_CONGESTION, 16).split(b"\0")[0].decode()
        if actual != cc:
            sys.exit("asked for TCP congestion control %s, the socket has %s" % (cc, actual))
        conns.append(conn)
    payload = b"\0" * CHUNK

    def pump(conn):
        try:
            while True:
                conn.sendall(payload)
        except OSError:
            return

    for conn in conns:
        threading.Thread(target=pump, args=(conn,), daemon=True).start()
    print("ready", flush=True)
    watch_stdin()


def main():
    if sys.argv[1] == "sink":
        sink(int(sys.argv[2]))
    else:
        send(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])


if __name__ == "__main__":
    main()
