import KakeiboCLI
import KakeiboNetwork

// The companion `kakeibo` execs for what needs Foundation: HTTP over URLSession, which every command declared
// `runs: .network` uses (pull, push, sync). Every command is declared once, with its code, in KakeiboCLI; this gives
// the companion the one capability `kakeibo` leaves out.
Kakeibo.main(network: Network(connect: URLSessionTransport.connection))
