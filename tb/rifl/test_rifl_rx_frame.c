/*
 * Tests of rifl_rx_frame (docs/rifl/rifl_frame.md): vector replays. The RTL receiver is
 * also checked in lockstep behind the RTL transmitter (tx_rx_loopback, tx_rx_bit_errors in
 * test_rifl_tx_frame.c).
 */
#include "harness.h"

HARNESS_TEST(vectors_rx_frame) { harness_play_vectors_glob("rifl/rifl_rx_frame_*.vec"); }
