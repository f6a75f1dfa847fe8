//go:build !purego

#include "textflag.h"

// func blurRows(dst, a, b, c *float32, n int)
//
// dst[i] = ((a[i] + 2b[i]) + c[i]) × 0.25, four at a time: 2b as b+b and
// × 0.25 as / 4 are exact, so each is blurLine's Go sum bit for bit; n
// is a positive multiple of 4.
TEXT ·blurRows(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ c+24(FP), R8
	MOVQ n+32(FP), CX
	SHRQ $2, CX
	MOVL $0x3e800000, AX // 0.25
	MOVL AX, X7
	SHUFPS $0, X7, X7

blurloop:
	MOVUPS (DX), X1
	ADDPS  X1, X1   // 2b
	MOVUPS (SI), X0
	ADDPS  X1, X0   // a + 2b
	MOVUPS (R8), X2
	ADDPS  X2, X0   // + c
	MULPS  X7, X0   // / 4
	MOVUPS X0, (DI)
	ADDQ   $16, SI
	ADDQ   $16, DX
	ADDQ   $16, R8
	ADDQ   $16, DI
	DECQ   CX
	JNZ    blurloop
	RET
