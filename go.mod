module tableside

go 1.26

require (
	fyne.io/fyne/v2 v2.7.1 // indirect
	gocv.io/x/gocv v0.31.0
	periph.io/x/conn/v3 v3.7.2 // indirect
	periph.io/x/host/v3 v3.8.5 // indirect
)
