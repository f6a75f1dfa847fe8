//go:build !purego

#include "textflag.h"

// func robustRows(t, p *float32, n, w int, cap float32, limit float64) float64
//
// Two rows at a time (their sums are independent: the adds of one overlap
// the other's), each added to s and checked against limit in order; n
// is a multiple of 4.
TEXT ·robustRows(SB), NOSPLIT, $0-56
	MOVQ   t+0(FP), SI
	MOVQ   p+8(FP), DI
	MOVQ   n+16(FP), CX
	MOVQ   w+24(FP), DX
	SHLQ   $2, DX            // a row of the window, in bytes
	MOVQ   CX, BX
	SHLQ   $2, BX            // a row of the template, in bytes
	MOVSS  cap+32(FP), X1
	SHUFPS $0, X1, X1        // cap in every lane
	MOVSD  limit+40(FP), X2
	XORPS  X0, X0            // s
	XORQ   R8, R8            // y

rows:
	XORPS X3, X3             // row y: s0..s3
	XORPS X10, X10           // row y+1
	MOVQ  SI, R9             // template row y
	LEAQ  (SI)(BX*1), R12    // template row y+1
	MOVQ  DI, R10            // window row y
	LEAQ  (DI)(DX*1), R13    // window row y+1
	XORQ  R11, R11           // x, in bytes

cols:
	MOVUPS (R10)(R11*1), X4
	MOVUPS (R9)(R11*1), X5
	MOVUPS (R13)(R11*1), X11
	MOVUPS (R12)(R11*1), X12
	SUBPS  X5, X4            // e = p - t
	SUBPS  X12, X11
	MULPS  X4, X4
	MULPS  X11, X11
	MOVAPS X1, X6
	MOVAPS X1, X13
	MINPS  X4, X6            // cap < e² ? cap : e²
	MINPS  X11, X13
	ADDPS  X6, X3
	ADDPS  X13, X10
	ADDQ   $16, R11
	CMPQ   R11, BX
	JLT    cols

	// s += ((s0 + s1) + s2) + s3, row y then row y+1
	MOVAPS X3, X8
	MOVAPS X3, X7
	SHUFPS $0x55, X7, X7
	ADDSS  X7, X8
	MOVAPS X3, X7
	SHUFPS $0xAA, X7, X7
	ADDSS  X7, X8
	SHUFPS $0xFF, X3, X3
	ADDSS  X3, X8
	MOVAPS X10, X14
	MOVAPS X10, X7
	SHUFPS $0x55, X7, X7
	ADDSS  X7, X14
	MOVAPS X10, X7
	SHUFPS $0xAA, X7, X7
	ADDSS  X7, X14
	SHUFPS $0xFF, X10, X10
	ADDSS  X10, X14
	ADDSS  X8, X0
	CVTSS2SD X0, X9
	UCOMISD X2, X9
	JHI    done              // s > limit (never for a NaN)
	INCQ   R8
	ADDSS  X14, X0
	CVTSS2SD X0, X9
	UCOMISD X2, X9
	JHI    done
	INCQ   R8
	LEAQ   (SI)(BX*2), SI
	LEAQ   (DI)(DX*2), DI
	CMPQ   R8, CX
	JLT    rows

done:
	CVTSS2SD X0, X0
	MOVSD  X0, ret+48(FP)
	RET
