//go:build !purego

#include "textflag.h"

// func minRow(dst, a, b *float32, n int)
//
// dst[i] = b[i] < a[i] ? b[i] : a[i] (MINPS with b the destination: on a
// tie, ±0 either way, a is kept, as rankPass's pick keeps it); n is a
// positive multiple of 4.
TEXT ·minRow(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $2, CX

minloop:
	MOVUPS (DX), X0
	MOVUPS (SI), X1
	MINPS  X1, X0
	MOVUPS X0, (DI)
	ADDQ   $16, DX
	ADDQ   $16, SI
	ADDQ   $16, DI
	DECQ   CX
	JNZ    minloop
	RET

// func maxRow(dst, a, b *float32, n int)
//
// dst[i] = b[i] > a[i] ? b[i] : a[i] (MAXPS, b the destination).
TEXT ·maxRow(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $2, CX

maxloop:
	MOVUPS (DX), X0
	MOVUPS (SI), X1
	MAXPS  X1, X0
	MOVUPS X0, (DI)
	ADDQ   $16, DX
	ADDQ   $16, SI
	ADDQ   $16, DI
	DECQ   CX
	JNZ    maxloop
	RET
