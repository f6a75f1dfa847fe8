//go:build !purego

#include "textflag.h"

// func blurRows(dst, a, b, c *float32, n int)
//
// dst[i] = ((a[i] + 2b[i]) + c[i]) × 0.25, four at a time, as
// blur_amd64.s: bit for bit blurLine's Go sum; n is a positive multiple
// of 4. The vector FADD, FMUL and DUP are given as WORDs (the Go
// assembler has no vector FADD or FMUL), each one's instruction in its
// comment.
TEXT ·blurRows(SB), NOSPLIT, $0-40
	MOVD dst+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD c+24(FP), R3
	MOVD n+32(FP), R5
	MOVD $0x3e800000, R4   // 0.25
	WORD $0x4e040c87       // DUP V7.4S, W4

blurloop:
	VLD1.P 16(R2), [V1.S4] // b
	WORD   $0x4e21d421     // FADD V1.4S, V1.4S, V1.4S: 2b
	VLD1.P 16(R1), [V0.S4] // a
	WORD   $0x4e21d400     // FADD V0.4S, V0.4S, V1.4S: a + 2b
	VLD1.P 16(R3), [V2.S4] // c
	WORD   $0x4e22d400     // FADD V0.4S, V0.4S, V2.4S: + c
	WORD   $0x6e27dc00     // FMUL V0.4S, V0.4S, V7.4S: / 4
	VST1.P [V0.S4], 16(R0)
	SUBS   $4, R5
	BNE    blurloop
	RET
