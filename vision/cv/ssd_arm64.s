//go:build !purego

#include "textflag.h"

// func ssdLanes(s *[4]float32, a, b *float32, n int)
//
// s[k] = the sum, in order, of (a[i] - b[i])² over i = k mod 4, as
// ssd_amd64.s; n is a positive multiple of 4. The vector MOVI, FSUB,
// FMUL and FADD are given as WORDs (the Go assembler has no vector FSUB,
// FMUL or FADD), each one's instruction in its comment.
TEXT ·ssdLanes(SB), NOSPLIT, $0-32
	MOVD s+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD n+24(FP), R3
	WORD $0x4f000402 // MOVI V2.4S, #0

ssdloop:
	VLD1.P 16(R1), [V0.S4] // a
	VLD1.P 16(R2), [V1.S4] // b
	WORD   $0x4ea1d400     // FSUB V0.4S, V0.4S, V1.4S: e = a - b
	WORD   $0x6e20dc00     // FMUL V0.4S, V0.4S, V0.4S: e²
	WORD   $0x4e20d442     // FADD V2.4S, V2.4S, V0.4S: s += e²
	SUBS   $4, R3
	BNE    ssdloop
	VST1   [V2.S4], (R0)
	RET
