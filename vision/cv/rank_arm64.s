//go:build !purego

#include "textflag.h"

// func minRow(dst, a, b *float32, n int)
//
// dst[i] = b[i] < a[i] ? b[i] : a[i], four at a time: FCMGT marks
// a > b, BSL picks b there and a elsewhere (on a tie, ±0 either way, a
// is kept, as rankPass's pick keeps it); n is a positive multiple of 4.
// FCMGT and BSL are given as WORDs (the Go assembler has no vector
// FCMGT), each one's instruction in its comment.
TEXT ·minRow(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD n+24(FP), R3

minloop:
	VLD1.P 16(R1), [V1.S4]  // a
	VLD1.P 16(R2), [V0.S4]  // b
	WORD   $0x6ea0e422      // FCMGT V2.4S, V1.4S, V0.4S: a > b
	WORD   $0x6e611c02      // BSL V2.16B, V0.16B, V1.16B: b there, else a
	VST1.P [V2.S4], 16(R0)
	SUBS   $4, R3
	BNE    minloop
	RET

// func maxRow(dst, a, b *float32, n int)
//
// dst[i] = b[i] > a[i] ? b[i] : a[i] (FCMGT marks b > a).
TEXT ·maxRow(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD n+24(FP), R3

maxloop:
	VLD1.P 16(R1), [V1.S4]  // a
	VLD1.P 16(R2), [V0.S4]  // b
	WORD   $0x6ea1e402      // FCMGT V2.4S, V0.4S, V1.4S: b > a
	WORD   $0x6e611c02      // BSL V2.16B, V0.16B, V1.16B: b there, else a
	VST1.P [V2.S4], 16(R0)
	SUBS   $4, R3
	BNE    maxloop
	RET
