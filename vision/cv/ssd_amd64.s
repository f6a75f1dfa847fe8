//go:build !purego

#include "textflag.h"

// func ssdLanes(s *[4]float32, a, b *float32, n int)
//
// s[k] = the sum, in order, of (a[i] - b[i])² over i = k mod 4: one lane
// a sum, as ssd's Go loop sums them; n is a positive multiple of 4.
TEXT ·ssdLanes(SB), NOSPLIT, $0-32
	MOVQ s+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $2, CX
	XORPS X2, X2

ssdloop:
	MOVUPS (SI), X0
	MOVUPS (DX), X1
	SUBPS  X1, X0   // e = a - b
	MULPS  X0, X0   // e²
	ADDPS  X0, X2   // s += e²
	ADDQ   $16, SI
	ADDQ   $16, DX
	DECQ   CX
	JNZ    ssdloop
	MOVUPS X2, (DI)
	RET
