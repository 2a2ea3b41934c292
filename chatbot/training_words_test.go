package chatbot

import "testing"

// "دورة تكوينية في تطوير المواقع" is a training course on web development: the training is
// the service asked for.
func TestTrainingCourseOnASubject(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "ar")
	c.say("صباح الخير، أنا طالب جامعي وأرغب في حجز موعد بخصوص دورة تكوينية في تطوير المواقع")
	c.expect(StepName, "التدريب والتكوين")
}
